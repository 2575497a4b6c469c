import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0012 on a live site's bookings: the cancellation reasons stored as sentences become
 * the typed values, and the database refuses any other from then on.
 */
const { serverUrl } = inject('testDatabase');
const TAG = '0012_typed_cancel_reason';
let db: MigrationDatabase;
let client: pg.Client;

const REASONS = [null, 'customer', 'hold_expired', 'Cancelled by the business', 'Deposit not paid in time'];

async function insertBooking(reason: string | null) {
  await client.query(
    `insert into bookings (service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, status, cancel_reason)
     values ('tv-mounting', '2026-10-01', '9:00 AM', '2026-10-01T16:00:00Z', 'Dana', 'dana@example.com', '3105550123', '1 Main St, Santa Monica, CA 90401', $1, $2)`,
    [reason === null ? 'confirmed' : 'cancelled', reason],
  );
}

beforeAll(async () => {
  db = await openMigrationDatabase(serverUrl);
  client = db.client;
  await db.runBefore(TAG);
  for (const reason of REASONS) await insertBooking(reason);
  await db.run(TAG);
});
afterAll(async () => {
  await db?.drop();
});

describe('migration 0012', () => {
  it('maps the stored sentences to the typed reasons and keeps the rest', async () => {
    const rows = (await client.query(`select cancel_reason from bookings order by id`)).rows;
    expect(rows.map((r) => r.cancel_reason)).toEqual([null, 'customer', 'hold_expired', 'business', 'hold_expired']);
  });

  it('refuses a reason outside the set', async () => {
    await expect(insertBooking('Changed my mind')).rejects.toThrow(/bookings_cancel_reason_check/);
  });
});
