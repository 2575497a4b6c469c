import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Db } from '../../src/server/db/client';
import { DatabaseStartError } from '../../src/server/db/embedded';
import { importPgliteDataDir } from '../../src/server/db/pglite-import';
import { seedDatabase } from '../../src/server/db/seed';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

/** Every byte value, so bytea must come through exactly. */
const IMAGE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/** A few rows in every table, with the awkward values: unicode, nulls, microseconds, jsonb, bytea, a sequence gap. */
async function fillPglite(dir: string) {
  const pglite = await PGlite.create(dir);
  const db = drizzle(pglite);
  await migrate(db, { migrationsFolder: migrationsFolder() });
  await seedDatabase(db as unknown as Db);
  await pglite.exec(`
    insert into users (email, full_name, password_hash, phone, role, email_verified_at) values
      ('Zoë.Owner@Example.com', 'Zoë “Owner” O''Brien', 'scrypt$1$2$3$salt$hash', '3105550100', 'admin', '2026-01-02T03:04:05.123456Z'),
      ('dana@example.com', 'Dana Reyes', 'x', null, 'customer', null),
      ('gone@example.com', 'Gone', 'x', null, 'customer', null);
    -- A deleted row leaves a gap: the sequence must carry on after it, not after the highest id left.
    delete from users where email = 'gone@example.com';
    insert into sessions (token_hash, user_id, expires_at) values ('a1b2', 1, '2030-01-01T00:00:00Z');
    insert into password_reset_tokens (token_hash, user_id, expires_at) values ('c3d4', 1, '2030-01-01T00:30:00Z');
    insert into sign_in_links (token_hash, user_id, expires_at) values ('e5f6', 1, '2030-01-01T00:15:00Z');
    insert into bookings (service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, special_instructions, user_id, status, deposit_paid, paid_at, pay_token_hash)
      values ('tv-mounting', '2030-05-01', '9:00 AM', '2030-05-01T16:00:00Z', 'Dana Reyes', 'dana@example.com', '3105550123', '123 Ocean Ave, Santa Monica 90401', E'Line one\\nline two ✓', 2, 'confirmed', true, '2030-04-01T10:00:00.5Z', 'hash'),
             ('shelf-mounting', '2030-05-02', '10:00 AM', '2030-05-02T17:00:00Z', 'Guest', 'guest@example.com', '3105550124', '1 Main St', null, null, 'cancelled', false, null, null);
    insert into manage_links (token_hash, booking_id) values ('m1', 1);
    insert into reviews (booking_id, token_hash, status, rating, comment, display_name, requested_at, submitted_at) values (1, 'r1', 'pending', 5, 'Great work, on time.', 'Dana R.', '2030-05-01T20:00:00Z', '2030-05-02T08:00:00Z');
    insert into sms_outbox (kind, to_phone, body, dedupe_key) values ('reminder', '+13105550123', 'See you tomorrow', 'reminder-sms:1');
    insert into contact_submissions (full_name, email, subject, message, bot_check) values ('Kim', 'kim@example.com', 'Hi', 'A question…', 'passed');
    insert into time_slots (slot_date, slot_time, is_available) values ('2030-05-03', '8:00 AM', false);
    insert into blocked_times (user_id, is_business, date, time, end_time) values (1, true, '2030-05-04', '9:00 AM', '10:00 AM');
    insert into email_outbox (kind, to_address, subject, text_body, attachments, dedupe_key, status, attempts, last_error)
      values ('booking-confirmed', 'dana@example.com', 'Confirmed', 'Body', '[{"filename":"a.ics","contentType":"text/calendar","content":"BEGIN:VCALENDAR"}]', 'confirm:1', 'failed', 8, 'refused');
    insert into payment_events (id, type) values ('evt_1', 'payment_intent.succeeded');
    insert into demo_payments (id, client_secret, booking_id, amount, status) values ('demo_pi_1', 'demo_pi_1_secret', 1, 5000, 'succeeded');
    -- An invoice paid by card with a tip, part refunded.
    insert into invoices (booking_id, number, status, lines, tax_rate_bps, subtotal_cents, tax_cents, total_cents, deposit_credit_cents, paid_cents, tip_cents, refunded_cents, sent_at, paid_at)
      values (1, 'INV-2030-0001', 'paid', '[{"description":"Mount a TV ✓","quantity":1,"unitCents":12900,"taxable":false}]', 950, 12900, 0, 12900, 5000, 7900, 1500, 500, '2030-05-01T20:00:00.25Z', '2030-05-01T21:00:00Z');
    insert into invoice_counters (year, last_number) values (2030, 1);
    insert into invoice_links (token_hash, invoice_id) values ('i1', 1);
    insert into demo_payments (id, client_secret, invoice_id, amount, tip_cents, refunded_cents, status) values ('demo_pi_2', 'demo_pi_2_secret', 1, 9400, 1500, 500, 'succeeded');
    insert into invoice_payments (invoice_id, method, amount_cents, tip_cents, provider_intent_id, note) values (1, 'card', 7900, 1500, 'demo_pi_2', null);
    insert into invoice_refunds (payment_id, amount_cents, provider_refund_id, status, refunded_at) values (1, 500, 're_demo_1', 'refunded', '2030-05-02T00:00:00Z');
    insert into demo_refunds (id, payment_id, idempotency_key, amount_cents) values ('re_demo_1', 'demo_pi_2', 'refund-invoice-1', 500);
    insert into rate_limits (key, count, reset_at) values ('login:1.2.3.4', 3, '2030-01-01T00:00:00Z');
    -- Scheduling: a crew and a job length (the generated interval must be recomputed, not copied), calendars, counters.
    update bookings set duration_minutes = 90, buffer_minutes = 30, crew = 2, area_checked = true, client_ip = '203.0.113.7' where booking_date = '2030-05-01';
    insert into calendar_feeds (name, url, etag, last_synced_at, last_error, event_count) values ('Family', 'https://calendar.example/family.ics', '"v1"', '2030-04-30T12:00:00.123456Z', null, 1);
    insert into calendar_busy (feed_id, starts_at, ends_at) values (1, '2030-05-05T16:00:00Z', '2030-05-05T18:30:00Z');
    insert into site_versions (name, version) values ('schedule', 3) on conflict (name) do update set version = 3;
  `);
  await pglite.query('insert into uploads (name, content_type, data) values ($1, $2, $3)', ['a.png', 'image/png', IMAGE]);
  // A free estimate with its private photo, quoted and booked.
  await pglite.query('insert into uploads (name, content_type, data, is_private) values ($1, $2, $3, true)', ['estimate-1-1.png', 'image/png', IMAGE]);
  await pglite.exec(`
    insert into estimates (status, description, full_name, email, phone, address, preferred_days, area_checked)
      values ('booked', 'A TV above a brick fireplace', 'Dana Reyes', 'dana@example.com', '3105550123', '1 Main St, Santa Monica, CA 90401', 'Weekday mornings', true);
    insert into estimate_photos (estimate_id, n, upload_name, width, height, bytes) values (1, 1, 'estimate-1-1.png', 1, 1, 68);
    insert into quotes (estimate_id, lines, total_cents, minutes, two_people, note, valid_until, status, booked_booking_id, booked_at)
      values (1, '[{"name":"Mount above a fireplace","quantity":1,"unitCents":25000,"amountCents":25000,"minutes":150}]', 25000, 150, true, 'Brick anchors included.', '2030-05-15', 'booked', 1, '2030-05-01T10:00:00Z');
    insert into quote_links (token_hash, quote_id) values ('q1', 1);
    -- Push: the key pair, a device with its chosen events (a text array), a notice and its delivery.
    insert into push_vapid_keys (public_key, private_key) values ('BPub', 'priv');
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, events, last_success_at) values (1, 'https://push.example/send/1', 'BKey', 'auth', '{booking_paid,invoice_paid}', '2030-05-01T10:00:00Z');
    insert into push_events (kind, title, body, url, dedupe_key, status, attempts, done_at) values ('booking_paid', 'Booking paid: TV Mounting', 'Dana Reyes paid the $50 deposit.', '/admin?tab=bookings', 'booking-paid:1', 'done', 1, '2030-05-01T10:00:00Z');
    insert into push_deliveries (event_id, subscription_id) values (1, 1);
  `);
  await pglite.close();
}

async function publicTables(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { tablename: string }[] };
  return result.rows.map((r) => r.tablename);
}

/** Every row of a table as JSON text, sorted, timestamps in UTC, so both sides compare exactly. */
async function pgliteRows(pglite: PGlite, table: string): Promise<string[]> {
  await pglite.exec(`set timezone = 'UTC'`);
  return (await pglite.query<{ r: string }>(`select row_to_json(t)::text as r from "${table}" t`)).rows.map((x) => x.r).sort();
}
async function serverRows(db: Db, table: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const result = (await tx.execute(sql.raw(`select row_to_json(t)::text as r from "${table}" t`))) as unknown as { rows: { r: string }[] };
    return result.rows.map((x) => x.r).sort();
  });
}

const sequencesQuery = `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by sequencename`;

describe('importing a PGlite data directory', () => {
  let target: TestDatabase;
  let dataDir: string;
  const logged: string[] = [];
  beforeAll(async () => {
    target = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'site-pglite-import-'));
    await fillPglite(join(dataDir, 'pglite'));
    // PGlite creates its cluster in WebAssembly: several seconds, far more on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await target?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every row of every table and every sequence, says so, and keeps the old folder renamed', { timeout: 120_000 }, async () => {
    const result = await importPgliteDataDir({ database: target, dataDir, log: (msg) => logged.push(msg), now: new Date('2026-11-24T12:00:00Z') });
    const keptAs = join(dataDir, 'pglite.imported-2026-11-24');
    expect(result?.keptAs).toBe(keptAs);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(logged.join('\n')).toContain(`imported the PGlite database: ${result!.rows} rows in ${result!.tables} tables`);

    const pglite = await PGlite.create(keptAs);
    try {
      const tables = await publicTables(target.db);
      expect(tables.length).toBe(result!.tables);
      let total = 0;
      for (const table of tables) {
        const expected = await pgliteRows(pglite, table);
        // The fixture must cover every table, so a new table cannot escape this test.
        expect(expected.length, `rows in the PGlite table ${table}`).toBeGreaterThan(0);
        expect(await serverRows(target.db, table), table).toEqual(expected);
        total += expected.length;
      }
      expect(result!.rows).toBe(total);

      const sequences = (await pglite.query<{ name: string; last: string | null }>(sequencesQuery)).rows;
      const copied = ((await target.db.execute(sql.raw(sequencesQuery))) as unknown as { rows: { name: string; last: string | null }[] }).rows;
      expect(copied).toEqual(sequences);
      expect(sequences.find((s) => s.name === 'users_id_seq')?.last).toBe('3');
    } finally {
      await pglite.close();
    }
    // New rows continue after the gap left by the deleted user.
    const inserted = (await target.db.execute(sql`insert into users (email, full_name, password_hash) values ('new@example.com', 'New', 'x') returning id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(inserted.rows[0].id).toBe(4);
    // Imported once: nothing left to import on the next start.
    expect(await importPgliteDataDir({ database: target, dataDir, log: () => {} })).toBeNull();
  });

  it('refuses to import into a database that already has data, and leaves the PGlite folder in place', { timeout: 120_000 }, async () => {
    renameSync(join(dataDir, 'pglite.imported-2026-11-24'), join(dataDir, 'pglite'));
    await expect(importPgliteDataDir({ database: target, dataDir, log: () => {} })).rejects.toThrow(DatabaseStartError);
    await expect(importPgliteDataDir({ database: target, dataDir, log: () => {} })).rejects.toThrow('already has data');
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('only points at the import command when DATABASE_URL is set', async () => {
    const said: string[] = [];
    expect(await importPgliteDataDir({ database: target, dataDir, automatic: false, log: (msg) => said.push(msg) })).toBeNull();
    expect(said.join('\n')).toContain('npm run db:import-pglite');
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});
