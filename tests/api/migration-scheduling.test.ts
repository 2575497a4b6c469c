import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0006 (scheduling) on a database that already has bookings, as a live site's does:
 * every booking is kept, each takes its service's length and a travel buffer, and back-to-back
 * one-hour bookings made under the old rules still satisfy the new exclusion constraint.
 */
const { serverUrl } = inject('testDatabase');
let db: MigrationDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await openMigrationDatabase(serverUrl);
  client = db.client;
  await db.runBefore('0006_scheduling');
  await client.query(`insert into services (name, description, category, price) values
    ('Furniture Assembly', 'x', 'furniture-assembly', 8900), ('TV Mounting', 'x', 'tv-mounting', 12900),
    ('Shelf Mounting', 'x', 'shelf-mounting', 7900), ('Custom Project', 'x', 'custom-project', 9900)`);
  const booking = (id: number, type: string, time: string, startsAt: string, status: string) =>
    client.query(
      `insert into bookings (id, service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, status)
       values ($1, $2, '2030-05-01', $3, $4, 'Dana Reyes', 'dana@example.com', '3105550123', '1 Ocean Ave, Santa Monica', $5)`,
      [id, type, time, startsAt, status],
    );
  // Booked as one-hour slots back to back: 9:00 TV (90 min), 10:00 furniture (120 min), then a
  // gap, 1:00 PM custom (180 min); a cancelled one at 9:00 too.
  await booking(1, 'tv-mounting', '9:00 AM', '2030-05-01T16:00:00Z', 'confirmed');
  await booking(2, 'furniture-assembly', '10:00 AM', '2030-05-01T17:00:00Z', 'pending');
  await booking(3, 'custom-project', '1:00 PM', '2030-05-01T20:00:00Z', 'rescheduling');
  await booking(4, 'shelf-mounting', '9:00 AM', '2030-05-01T16:00:00Z', 'cancelled');
  await client.query(`select setval(pg_get_serial_sequence('bookings', 'id'), 4)`);
  await db.run('0006_scheduling');
});
afterAll(async () => {
  await db?.drop();
});

describe('migration 0006 on existing bookings', () => {
  it('keeps every booking, with its service length and as much buffer as fits before the next active job', async () => {
    const { rows } = await client.query(
      `select id, crew, duration_minutes, buffer_minutes, lower(during) as starts, upper(during) as ends from bookings order by id`,
    );
    expect(rows.map((r) => [r.id, r.crew, r.duration_minutes, r.buffer_minutes])).toEqual([
      // 9:00 TV: 90 minutes would run into the 10:00 job: it keeps the hour it was booked for.
      [1, 1, 60, 0],
      // 10:00 furniture: 120 minutes and 30 of buffer fit before 1:00 PM (10:00-12:00-12:30).
      [2, 1, 120, 30],
      // The last active job keeps its length and the full buffer.
      [3, 1, 180, 30],
      // A cancelled booking holds nothing: its service's length, the default buffer.
      [4, 1, 60, 30],
    ]);
    expect(new Date(rows[1].ends).toISOString()).toBe('2030-05-01T19:30:00.000Z');
  });

  it('gives the services their slugs, lengths and order', async () => {
    const { rows } = await client.query(`select slug, duration_minutes, sort_order, active from services order by sort_order`);
    expect(rows).toEqual([
      { slug: 'furniture-assembly', duration_minutes: 120, sort_order: 1, active: true },
      { slug: 'tv-mounting', duration_minutes: 90, sort_order: 2, active: true },
      { slug: 'shelf-mounting', duration_minutes: 60, sort_order: 3, active: true },
      { slug: 'custom-project', duration_minutes: 180, sort_order: 4, active: true },
    ]);
  });

  it('guards the kept bookings from then on: an overlapping new job is refused', async () => {
    await expect(
      client.query(
        `insert into bookings (service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, duration_minutes, buffer_minutes)
         values ('shelf-mounting', '2030-05-01', '12:00 PM', '2030-05-01T19:00:00Z', 'Kim', 'kim@example.com', '3105550123', '1 Main St', 60, 30)`,
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });
});
