import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/embedded';
import { isRunning } from '../../src/server/db/left-over-server';
import { bookings, galleryItems, services, testimonials, users } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

const TABLES = [
  'blocked_times',
  'bookings',
  'calendar_busy',
  'calendar_feeds',
  'contact_submissions',
  'demo_payments',
  'demo_refunds',
  'email_outbox',
  'estimate_photos',
  'estimates',
  'gallery_items',
  'invoice_counters',
  'invoice_links',
  'invoice_payments',
  'invoice_refunds',
  'invoices',
  'manage_links',
  'password_reset_tokens',
  'payment_events',
  'price_add_ons',
  'price_item_add_ons',
  'price_items',
  'push_deliveries',
  'push_events',
  'push_subscriptions',
  'push_vapid_keys',
  'quote_links',
  'quotes',
  'rate_limits',
  'reviews',
  'seed_marks',
  'services',
  'sessions',
  'sign_in_links',
  'site_settings',
  'site_versions',
  'sms_outbox',
  'testimonials',
  'time_slots',
  'uploads',
  'users',
];

const journalEntries = (): number => JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')).entries.length;

// A stopped orphan can stay a zombie for a while (its parent died; PID 1 collects it late): not alive.
const isAlive = isRunning;

/** Rows of a raw query. */
async function query<T>(database: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(statement)) as { rows: T[] };
  return result.rows;
}

async function tableNames(database: Database): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedMigrations(database: Database): Promise<number> {
  const rows = await query<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0].n;
}

/** The SQLSTATE of a database error, whether the driver error is thrown directly or wrapped by Drizzle. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

async function expectSqlState(promise: Promise<unknown>, code: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected the database to refuse with ${code}`).not.toBeNull();
  expect(sqlState(err)).toBe(code);
}

describe('migrations', () => {
  it('create every table on an empty database, once, with several instances starting at once, and run again as a no-op', async () => {
    const { serverUrl } = inject('testDatabase');
    const name = `site_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'site-migrate-'));
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir })));
    try {
      expect(instances[0].kind).toBe('postgres');
      expect(await tableNames(instances[0])).toEqual([]);
      // The advisory lock makes concurrent starts apply each migration exactly once.
      await Promise.all(instances.map((d) => d.migrate()));
      expect(await tableNames(instances[0])).toEqual(TABLES);
      expect(await appliedMigrations(instances[0])).toBe(journalEntries());
      await instances[1].migrate();
      expect(await appliedMigrations(instances[0])).toBe(journalEntries());
      await Promise.all(instances.map((d) => seedDatabase(d.db)));
      const [{ n }] = await instances[0].db.select({ n: sql<number>`count(*)::int` }).from(services);
      expect(n).toBeGreaterThan(0);
      const [{ n: again }] = await instances[1].db.select({ n: sql<number>`count(*)::int` }).from(services);
      expect(again).toBe(n);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A separate process holding the embedded server of `dataDir`, as an app would; resolves once it runs. */
function holdDataDir(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { startEmbeddedPostgres } = await import('./src/server/db/embedded.ts'); await startEmbeddedPostgres({ dataDir: process.argv[1], log: () => {} }); console.log('ready'); setInterval(() => {}, 1000);",
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolvePromise, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('ready')) resolvePromise();
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', () => reject(new Error(`the holder exited:\n${output}`)));
  });
  return { child, ready };
}

describe('the embedded PostgreSQL server', () => {
  // Each starts a server of its own (initdb included): seconds, more on a busy machine.
  it('runs durable, on a socket in DATA_DIR only, with a private password, stops on close and keeps its data', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-embedded-'));
    try {
      const database = await openDatabase({ dataDir });
      let pid: number;
      try {
        expect(database.kind).toBe('embedded');
        await database.migrate();
        expect(await tableNames(database)).toEqual(TABLES);
        const [settings] = await query<Record<string, string>>(
          database,
          sql`select current_setting('fsync') as fsync, current_setting('full_page_writes') as full_page_writes,
                     current_setting('synchronous_commit') as synchronous_commit, current_setting('listen_addresses') as listen,
                     current_setting('unix_socket_directories') as socket, current_setting('server_encoding') as encoding`,
        );
        expect(settings).toEqual({
          fsync: 'on',
          full_page_writes: 'on',
          synchronous_commit: 'on',
          listen: '',
          socket: join(dataDir, 'postgres'),
          encoding: 'UTF8',
        });
        expect(statSync(join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
        // A second opener in this process is refused as well: one app per DATA_DIR.
        await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
        pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
        expect(isAlive(pid)).toBe(true);
      } finally {
        await database.close();
      }
      expect(isAlive(pid)).toBe(false);
      expect(existsSync(join(dataDir, 'app.lock'))).toBe(false);
      const reopened = await openDatabase({ dataDir });
      try {
        expect(await tableNames(reopened)).toEqual(TABLES);
        await reopened.migrate();
        expect(await appliedMigrations(reopened)).toBe(journalEntries());
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Each starts a server of its own (initdb included): seconds, more on a busy machine.
  it('refuses a DATA_DIR that a live app process uses, and takes over the server orphaned by a kill -9', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-orphan-'));
    const holder = holdDataDir(dataDir);
    try {
      await holder.ready;
      await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by another running app process (pid ${holder.child.pid})`);

      const orphan = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const exited = new Promise((r) => holder.child.once('exit', r));
      holder.child.kill('SIGKILL');
      await exited;
      // The app is gone, its server is not.
      expect(isAlive(orphan)).toBe(true);

      const database = await openDatabase({ dataDir });
      try {
        expect(isAlive(orphan)).toBe(false);
        await database.ping();
      } finally {
        await database.close();
      }
    } finally {
      if (holder.child.exitCode === null && holder.child.signalCode === null) holder.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('constraints', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const booking = (overrides: Partial<typeof bookings.$inferInsert> = {}): typeof bookings.$inferInsert => ({
    serviceType: 'tv-mounting',
    bookingDate: '2030-05-01',
    bookingTime: '9:00 AM',
    startsAt: new Date('2030-05-01T16:00:00Z'),
    fullName: 'Dana Reyes',
    email: 'dana@example.com',
    phone: '3105550123',
    address: '123 Ocean Ave, Santa Monica',
    ...overrides,
  });

  /** A row at `hhmm` UTC on 2030-05-01 taking `minutes` (job and buffer) from `crew`. */
  const job = (hhmm: string, minutes: number, overrides: Partial<typeof bookings.$inferInsert> = {}) =>
    booking({ startsAt: new Date(`2030-05-01T${hhmm}:00Z`), durationMinutes: minutes, bufferMinutes: 0, ...overrides });

  it('refuses overlapping active jobs of one crew inserted directly, whatever their start, and allows them on another crew or once cancelled', async () => {
    // 16:00-18:00 for crew 1.
    const [first] = await database.db.insert(bookings).values(job('16:00', 120)).returning({ id: bookings.id });
    // Another start inside it, one before it that runs into it, and one that covers it: refused.
    await expectSqlState(database.db.insert(bookings).values(job('17:00', 60, { email: 'other@example.com' })), '23P01');
    await expectSqlState(database.db.insert(bookings).values(job('15:00', 90, { status: 'confirmed' })), '23P01');
    await expectSqlState(database.db.insert(bookings).values(job('15:00', 240, { status: 'rescheduling' })), '23P01');
    // The buffer counts: 15:00 + 45 min job + 30 min buffer reaches 16:15.
    await expectSqlState(database.db.insert(bookings).values(job('15:00', 45, { bufferMinutes: 30 })), '23P01');
    // Touching is not overlapping: 18:00 after it, and 15:00-16:00 before it, are free.
    await database.db.insert(bookings).values(job('18:00', 60));
    await database.db.insert(bookings).values(job('15:00', 60));
    // The same time for another crew is free.
    await database.db.insert(bookings).values(job('16:00', 120, { crew: 2 }));

    await database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    const [second] = await database.db.insert(bookings).values(job('16:30', 60, { email: 'next@example.com' })).returning({ id: bookings.id });
    expect(second.id).not.toBe(first.id);
    // Moving a row onto another's time is refused too: the interval follows starts_at.
    await expectSqlState(database.db.update(bookings).set({ startsAt: new Date('2030-05-01T18:15:00Z') }).where(eq(bookings.id, second.id)), '23P01');
    // A completed job no longer holds its time.
    await database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, second.id));
    await database.db.insert(bookings).values(job('16:30', 60, { email: 'third@example.com' }));
  });

  it('refuses an unknown booking status', async () => {
    await expectSqlState(database.db.insert(bookings).values(booking({ bookingDate: '2030-06-01', status: 'lost' })), '23514');
  });

  it('keeps testimonial ratings between 1 and 5', async () => {
    const t = { name: 'Kim', location: 'Venice, CA', comment: 'Great work.', serviceType: 'TV Mounting' };
    await expectSqlState(database.db.insert(testimonials).values({ ...t, rating: 0 }), '23514');
    await expectSqlState(database.db.insert(testimonials).values({ ...t, rating: 6 }), '23514');
    await database.db.insert(testimonials).values({ ...t, rating: 1 });
    await database.db.insert(testimonials).values({ ...t, rating: 5 });
  });

  it('keeps gallery categories to the two the pages filter by', async () => {
    const g = { title: 'Shelf', description: 'A shelf.', imageUrl: '/images/x.svg' };
    await expectSqlState(database.db.insert(galleryItems).values({ ...g, category: 'boats' }), '23514');
  });

  it('makes email addresses unique regardless of case', async () => {
    const u = { fullName: 'Ann Lee', passwordHash: 'x' };
    await database.db.insert(users).values({ ...u, email: 'Ann.Lee@Example.com' });
    await expectSqlState(database.db.insert(users).values({ ...u, email: 'ann.lee@example.com' }), '23505');
    await expectSqlState(database.db.insert(users).values({ ...u, email: 'ANN.LEE@EXAMPLE.COM' }), '23505');
    await database.db.insert(users).values({ ...u, email: 'ann.lee2@example.com' });
  });
});

describe('seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const count = async (table: typeof services | typeof galleryItems | typeof testimonials) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  it('is idempotent: running it twice does not duplicate content', async () => {
    await seedDatabase(database.db);
    const first = [await count(services), await count(galleryItems), await count(testimonials)];
    expect(first.every((n) => n > 0)).toBe(true);
    await seedDatabase(database.db);
    expect([await count(services), await count(galleryItems), await count(testimonials)]).toEqual(first);
  });

  it('never overwrites the owner’s own content', async () => {
    await database.db.delete(testimonials);
    await database.db.insert(testimonials).values({ name: 'Owner', location: 'West LA, CA', comment: 'Own words.', rating: 4, serviceType: 'Custom Project' });
    await seedDatabase(database.db);
    expect(await count(testimonials)).toBe(1);
  });

  it('gives at least 12 gallery items across both categories and at least 6 testimonials', async () => {
    const fresh = await openTestDatabase();
    try {
      await seedDatabase(fresh.db);
      const gallery = await fresh.db.select({ category: galleryItems.category }).from(galleryItems);
      expect(gallery.length).toBeGreaterThanOrEqual(12);
      expect(new Set(gallery.map((g) => g.category))).toEqual(new Set(['furniture-assembly', 'mounting']));
      const [{ n }] = await fresh.db.select({ n: sql<number>`count(*)::int` }).from(testimonials);
      expect(n).toBeGreaterThanOrEqual(6);
    } finally {
      await fresh.close();
    }
  });
});
