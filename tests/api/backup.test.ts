import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../src/server/db/backup';
import { openDatabase } from '../../src/server/db/client';
import { call, freshIp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { dayAhead, iso, minutesOf } from '../../e2e/helpers/booking-days';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const clock = createClock('2026-12-01T17:00:00Z');
/** The run's PostgreSQL server (embedded, or TEST_DATABASE_URL): empty databases to restore into are made there. */
const serverUrl = inject('testDatabase').serverUrl;
const dir = mkdtempSync(join(tmpdir(), 'site-backup-'));
const made: string[] = [];
let t: TestApp;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database with no tables at all on the test server. */
async function emptyDatabase(): Promise<string> {
  const name = `site_restore_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  made.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrateFn(url: string) {
  return async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir: dir });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * `count` starts the server offers for a one-hour shelf-mounting job, from tomorrow on, two hours
 * apart within a day so no two of them (with the 30-minute travel buffer) overlap.
 */
async function freeSlots(count: number): Promise<{ date: string; time: string }[]> {
  const out: { date: string; time: string }[] = [];
  for (let ahead = 1; out.length < count; ahead++) {
    if (ahead > 90) throw new Error(`only ${out.length} free starts in the booking window, ${count} needed`);
    const date = iso(dayAhead(clock.now(), ahead));
    const res = await call(t.app, 'GET', `/api/time-slots?date=${date}&serviceType=shelf-mounting`, { ip: freshIp() });
    expect(res.status).toBe(200);
    let last = -Infinity;
    for (const { slotTime } of res.body as { slotTime: string }[]) {
      if (out.length >= count || minutesOf(slotTime) - last < 120) continue;
      out.push({ date, time: slotTime });
      last = minutesOf(slotTime);
    }
  }
  return out;
}

const book = (slot: { date: string; time: string }, n: number) =>
  call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: {
      serviceType: 'shelf-mounting',
      bookingDate: slot.date,
      bookingTime: slot.time,
      fullName: `Customer ${n}`,
      phone: '(310) 555-0199',
      email: `customer${n}@example.com`,
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      depositAmount: 50,
      totalAmount: 50,
    },
  });

describe('backup and restore', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(async () => {
    await t?.close();
    for (const name of made) await admin(`drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken while bookings stream in restores every booking acknowledged before it began (the app export)', async () => {
    const slots = await freeSlots(60);
    const acked: { id: number; at: number }[] = [];
    let next = 0;
    // Four clients book one slot after another until the slots run out.
    const client = async () => {
      for (let i = next++; i < slots.length; i = next++) {
        const res = await book(slots[i], i);
        expect(res.status).toBe(201);
        acked.push({ id: res.body.id, at: Date.now() });
      }
    };
    const stream = Promise.all([client(), client(), client(), client()]);
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 5));
    const backupStarted = Date.now();
    const before = acked.filter((a) => a.at <= backupStarted).map((a) => a.id);
    const file = join(dir, 'under-load.backup');
    const result = await backupDatabase(t.database.databaseUrl!, file, { method: 'export' });
    await stream;
    expect(result.method).toBe('export');
    expect(before.length).toBeGreaterThanOrEqual(20);
    // The stream went on while the backup ran: it ended with more bookings than the backup saw.
    expect(acked.length).toBe(60);

    const target = await emptyDatabase();
    const restored = await restoreDatabase(target, file, await migrateFn(target));
    expect(restored.rows).toBe(result.rows);
    const ids = new Set((await query<{ id: number }>(target, 'select id from bookings')).map((r) => r.id));
    for (const id of before) expect(ids.has(id), `booking ${id} acknowledged before the backup began`).toBe(true);

    // Rows come back whole, with their types: the booking of the first acknowledged id matches.
    const [original] = await query(t.database.databaseUrl!, `select * from bookings where id = ${before[0]}`);
    const [copy] = await query(target, `select * from bookings where id = ${before[0]}`);
    expect(copy).toEqual(original);
    // New rows after a restore continue the ids instead of colliding with restored ones.
    const [{ nextval }] = await query<{ nextval: string }>(target, `select nextval(pg_get_serial_sequence('bookings', 'id'))`);
    expect(Number(nextval)).toBeGreaterThan(Math.max(...ids));
  });

  it('restores content, uploads (bytea) and accounts exactly', async () => {
    const file = join(dir, 'content.backup');
    await backupDatabase(t.database.databaseUrl!, file, { method: 'export' });
    const target = await emptyDatabase();
    await restoreDatabase(target, file, await migrateFn(target));
    for (const table of ['gallery_items', 'testimonials', 'services', 'users', 'email_outbox']) {
      const a = await query(t.database.databaseUrl!, `select * from ${table} order by id`);
      const b = await query(target, `select * from ${table} order by id`);
      expect(b, table).toEqual(a);
    }
  });

  it('refuses to restore into a database that holds rows, and leaves it as it was', async () => {
    const file = join(dir, 'refuse.backup');
    await backupDatabase(t.database.databaseUrl!, file, { method: 'export' });
    const target = await emptyDatabase();
    await restoreDatabase(target, file, await migrateFn(target));
    const count = (await query<{ n: number }>(target, 'select count(*)::int as n from bookings'))[0].n;
    await expect(restoreDatabase(target, file, await migrateFn(target))).rejects.toThrow(/empty DATA_DIR or database/);
    expect((await query<{ n: number }>(target, 'select count(*)::int as n from bookings'))[0].n).toBe(count);
  });

  it('refuses a cut-off backup and restores nothing of it', async () => {
    const file = join(dir, 'whole.backup');
    await backupDatabase(t.database.databaseUrl!, file, { method: 'export' });
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const cut = join(dir, 'cut.backup');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n'));
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, cut, await migrateFn(target))).rejects.toThrow(/incomplete/);
    expect((await query<{ n: number }>(target, 'select count(*)::int as n from bookings'))[0].n).toBe(0);
  });

  it('hands pg_dump the password in its environment, never on its command line, and writes an archive only the owner reads', async () => {
    // A stand-in pg_dump first on the PATH: it records what it was given and writes an archive.
    const bin = mkdtempSync(join(dir, 'bin-'));
    const record = join(bin, 'record');
    writeFileSync(
      join(bin, 'pg_dump'),
      [
        '#!/bin/sh',
        'if [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) 99.0"; exit 0; fi',
        `printf '%s\\n' "$@" > '${record}.args'`,
        `printf '%s' "$PGPASSWORD" > '${record}.password'`,
        'for a in "$@"; do case "$a" in --file=*) printf "PGDMP stand-in" > "${a#--file=}";; esac; done',
      ].join('\n') + '\n',
    );
    chmodSync(join(bin, 'pg_dump'), 0o755);
    // The stand-in never connects: a server that needs no password (trust on loopback) gets one here,
    // so what is checked is how a password is handed over, whichever server the tests run on.
    const withPassword = new URL(t.database.databaseUrl!);
    if (!withPassword.password) withPassword.password = 'stand-in-secret';
    const url = withPassword.toString();
    const password = decodeURIComponent(new URL(url).password);
    expect(password.length).toBeGreaterThan(0);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const file = join(dir, 'stand-in.backup');
      expect((await backupDatabase(url, file)).method).toBe('pg_dump');
      const args = readFileSync(`${record}.args`, 'utf8');
      expect(args).toContain('--format=custom');
      expect(args).not.toContain(password);
      expect(args).not.toContain(new URL(url).password);
      expect(readFileSync(`${record}.password`, 'utf8')).toBe(password);
      expect(readFileSync(file, 'utf8')).toBe('PGDMP stand-in');
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      process.env.PATH = path;
    }
  });

  it('uses pg_dump when one on the PATH can read the server, and restores its archive', async (ctx) => {
    const file = join(dir, 'dump.backup');
    const result = await backupDatabase(t.database.databaseUrl!, file).catch((err) => err as Error);
    if (result instanceof Error || result.method !== 'pg_dump') {
      ctx.skip();
      return;
    }
    const target = await emptyDatabase();
    const restored = await restoreDatabase(target, file, async () => {
      throw new Error('a pg_dump archive carries its own schema');
    });
    expect(restored.method).toBe('pg_dump');
    const a = await query(t.database.databaseUrl!, 'select id, email, booking_date from bookings order by id');
    const b = await query(target, 'select id, email, booking_date from bookings order by id');
    expect(b).toEqual(a);
    expect(a.length).toBeGreaterThan(0);
  });
});
