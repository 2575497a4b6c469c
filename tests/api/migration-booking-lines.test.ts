import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0014 on a live site's bookings: every booking made so far was booked as a whole (no
 * lines, no total, any crew), and from then on a booking's lines and total come together.
 */
const { serverUrl } = inject('testDatabase');
const TAG = '0014_booking_lines';
let db: MigrationDatabase;
let client: pg.Client;

const insert = (columns = '', values = '') =>
  client.query(
    // Completed: done jobs hold no crew, so the rows need not keep apart.
    `insert into bookings (service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, duration_minutes, status${columns})
     values ('furniture-assembly', '2026-10-01', '9:00 AM', '2026-10-01T16:00:00Z', 'Dana', 'dana@example.com', '3105550123', '1 Main St, Santa Monica, CA 90401', 120, 'completed'${values})
     returning id`,
  );
const LINE = `'[{"name":"Dresser","quantity":1,"unitCents":12900,"amountCents":12900,"minutes":90}]'::jsonb`;

beforeAll(async () => {
  db = await openMigrationDatabase(serverUrl);
  client = db.client;
  await db.runBefore(TAG);
  await insert();
  await db.run(TAG);
});
afterAll(async () => {
  await db?.drop();
});

describe('migration 0014', () => {
  it('keeps the bookings made so far as jobs booked as a whole', async () => {
    const rows = (await client.query(`select duration_minutes, two_people, lines, total_cents from bookings`)).rows;
    expect(rows).toEqual([{ duration_minutes: 120, two_people: false, lines: [], total_cents: null }]);
  });

  it('takes lines with their total, and refuses one without the other or a total below zero', async () => {
    await expect(insert(', lines, total_cents, two_people', `, ${LINE}, 12900, true`)).resolves.toMatchObject({ rowCount: 1 });
    await expect(insert(', lines', `, ${LINE}`)).rejects.toThrow(/bookings_lines_check/);
    await expect(insert(', total_cents', ', 12900')).rejects.toThrow(/bookings_lines_check/);
    await expect(insert(', lines', `, '{}'::jsonb`)).rejects.toThrow(/bookings_lines_check/);
    await expect(insert(', lines, total_cents', `, ${LINE}, -1`)).rejects.toThrow(/bookings_total_check/);
  });
});
