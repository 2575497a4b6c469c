import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, migrationsFolder, openDatabase, type Database } from '../../src/server/db/client';
import { bookings, galleryItems, services, testimonials, users } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

const TABLES = [
  'blocked_times',
  'bookings',
  'contact_submissions',
  'demo_payments',
  'email_outbox',
  'gallery_items',
  'payment_events',
  'rate_limits',
  'services',
  'sessions',
  'testimonials',
  'time_slots',
  'uploads',
  'users',
];

const journalEntries = (): number => JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')).entries.length;

/** Rows of a raw query; both drivers answer `{ rows }`. */
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
  it('create every table on an empty PGlite data directory, and run again as a no-op', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-migrate-'));
    try {
      const database = await openDatabase({ dataDir });
      try {
        expect(await tableNames(database)).toEqual([]);
        await database.migrate();
        expect(await tableNames(database)).toEqual(TABLES);
        await database.migrate();
        expect(await appliedMigrations(database)).toBe(journalEntries());
      } finally {
        await database.close();
      }
      // The data persists: reopening finds the migrated schema.
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

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)('create every table on an empty PostgreSQL database, with several instances starting at once', async () => {
    const name = `site_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
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

describe('the PGlite data directory lock', () => {
  it('keeps a second opener out while the first has it, and takes over a stale lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-lock-'));
    try {
      const first = await openDatabase({ dataDir });
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by another process (pid ${process.pid})`);
      await first.close();
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

      // A holder that died without closing: its lock names a pid that no longer runs.
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      writeFileSync(join(dataDir, 'pglite.lock'), dead.stdout);
      const second = await openDatabase({ dataDir });
      await second.ping();
      expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      await second.close();
    } finally {
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

  it('refuses a second active booking for the same date and time, and allows one after cancelling', async () => {
    const [first] = await database.db.insert(bookings).values(booking()).returning({ id: bookings.id });
    await expectSqlState(database.db.insert(bookings).values(booking({ email: 'other@example.com' })), '23505');
    await expectSqlState(database.db.insert(bookings).values(booking({ status: 'confirmed' })), '23505');
    // Another time the same day, and the same time another day, are free.
    await database.db.insert(bookings).values(booking({ bookingTime: '10:00 AM' }));
    await database.db.insert(bookings).values(booking({ bookingDate: '2030-05-02' }));

    await database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    const [second] = await database.db.insert(bookings).values(booking({ email: 'next@example.com' })).returning({ id: bookings.id });
    expect(second.id).not.toBe(first.id);
    // Cancelling again leaves room for a third; a rescheduling booking still holds its slot.
    await database.db.update(bookings).set({ status: 'rescheduling' }).where(eq(bookings.id, second.id));
    await expectSqlState(database.db.insert(bookings).values(booking({ email: 'third@example.com' })), '23505');
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
