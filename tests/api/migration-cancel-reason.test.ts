import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';

/**
 * Migration 0012 on a live site's bookings: the cancellation reasons stored as sentences become
 * the typed values, and the database refuses any other from then on.
 */
const { serverUrl } = inject('testDatabase');
const name = `site_migrate_${randomBytes(6).toString('hex')}`;
const TAG = '0012_typed_cancel_reason';
let client: pg.Client;

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function runMigration(tag: string) {
  const sql = readFileSync(join(migrationsFolder(), `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
}

const REASONS = [null, 'customer', 'hold_expired', 'Cancelled by the business', 'Deposit not paid in time'];

async function insertBooking(reason: string | null) {
  await client.query(
    `insert into bookings (service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, status, cancel_reason)
     values ('tv-mounting', '2026-10-01', '9:00 AM', '2026-10-01T16:00:00Z', 'Dana', 'dana@example.com', '3105550123', '1 Main St, Santa Monica, CA 90401', $1, $2)`,
    [reason === null ? 'confirmed' : 'cancelled', reason],
  );
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tags = journal.entries.map((e) => e.tag);
  for (const tag of tags.slice(0, tags.indexOf(TAG))) await runMigration(tag);
  for (const reason of REASONS) await insertBooking(reason);
  await runMigration(TAG);
});
afterAll(async () => {
  await client?.end();
  await admin(`drop database if exists ${name} with (force)`);
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
