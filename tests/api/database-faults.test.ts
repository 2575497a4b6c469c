import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { SYSTEM_PG_URL, systemPostgresAnswers } from '../helpers/server-process';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/**
 * The database going away under the app: each test gets a fresh database on the PostgreSQL
 * server at 127.0.0.1:5432 (or TEST_DATABASE_URL), reached through a TCP proxy the test can cut.
 */
const serverUrl = SYSTEM_PG_URL;

const available = await systemPostgresAnswers();
if (!available) {
  console.warn(`\n!!!!! database-faults: SKIPPED, no PostgreSQL server answers at ${serverUrl} !!!!!\n`);
}

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query<T>(text, values);
  } finally {
    await client.end();
  }
}

/** Ends every connection of the app to its database (not the admin's own), as a DBA or a restart would. */
async function terminateAppConnections(name: string): Promise<number> {
  const res = await admin<{ ok: boolean }>('select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  return res.rows.filter((r) => r.ok).length;
}

const contactBody = () => ({
  fullName: 'Maria Lopez',
  email: `maria-${randomBytes(4).toString('hex')}@example.com`,
  subject: 'Wall-mounted desk',
  message: 'Could you mount a fold-down desk in our Venice apartment next week?',
});

function expectUnavailable(res: Awaited<ReturnType<typeof injectJson>>) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/try again/i) });
  expect(res.headers['retry-after']).toBe('5');
}

/**
 * A read that needs the database on every request: the day's time slots are cached only while the
 * schedule version can be read, unlike the visitors' content reads, which serve their last copy.
 */
const READ = '/api/time-slots?date=2026-06-03&serviceType=tv-mounting';

describe.skipIf(!available)('the database going away', () => {
  let name: string;
  let proxy: TcpProxy;
  let database: Database;
  let dataDir: string;
  let t: TestApp;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(() => {
    // An 'error' event nobody listens to ends a real server; here it would only be reported.
    process.prependListener('uncaughtException', onUncaught);
    // The pool's one line per lost connection.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(() => {
    process.removeListener('uncaughtException', onUncaught);
    vi.restoreAllMocks();
  });

  beforeEach(async () => {
    name = `site_faults_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    proxy = await startTcpProxy({ host: new URL(serverUrl).hostname, port: Number(new URL(serverUrl).port || 5432) });
    const url = new URL(serverUrl);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    dataDir = mkdtempSync(join(tmpdir(), 'site-faults-'));
    database = await openDatabase({ databaseUrl: url.toString(), dataDir });
    await database.migrate();
    await seedDatabase(database.db);
    t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), database: { ...database, dataDir, databaseUrl: url.toString() }, seed: false, env: { RATE_LIMIT_SCALE: '1000' } });
    uncaught.length = 0;
  });

  afterEach(async () => {
    await t?.close();
    await proxy?.restore();
    await database?.close();
    await proxy?.close();
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 2xx or 503, never 500 and never a crash, when its connections are terminated under load', async () => {
    const statuses: { status: number; code?: string; retryAfter?: string }[] = [];
    let running = true;
    const client = async (i: number) => {
      while (running) {
        const res =
          i % 3 === 0
            ? await injectJson(t.app, 'POST', '/api/contact', contactBody())
            : i % 3 === 1
              ? await injectJson(t.app, 'GET', READ)
              : await injectJson(t.app, 'GET', '/readyz');
        statuses.push({ status: res.status, code: res.body?.code, retryAfter: res.headers['retry-after'] as string | undefined });
      }
    };
    const clients = Array.from({ length: 20 }, (_, i) => client(i));
    let terminated = 0;
    for (let round = 0; round < 12; round++) {
      await sleep(120);
      terminated += await terminateAppConnections(name);
    }
    running = false;
    await Promise.all(clients);

    expect(terminated).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);
    const bad = statuses.filter((s) => !(s.status < 300 || (s.status === 503 && s.code === 'DATABASE_UNAVAILABLE' && s.retryAfter === '5')));
    expect(bad).toEqual([]);
    expect(statuses.some((s) => s.status === 503)).toBe(true);
    expect(statuses.some((s) => s.status < 300)).toBe(true);
    // Once the terminations stop, everything works on new connections.
    expect((await injectJson(t.app, 'GET', READ)).status).toBe(200);
    expect((await injectJson(t.app, 'POST', '/api/contact', contactBody())).status).toBe(201);
  });

  it('answers 503 while the database is unreachable and serves again within 5 s of its return', async () => {
    expect((await injectJson(t.app, 'GET', READ)).status).toBe(200);
    const services = await injectJson(t.app, 'GET', '/api/services');
    await proxy.cut();

    expectUnavailable(await injectJson(t.app, 'GET', READ));
    // What visitors read (services, gallery, testimonials, the pages) is served as last read.
    const fromMemory = await injectJson(t.app, 'GET', '/api/services');
    expect(fromMemory.status).toBe(200);
    expect(fromMemory.body).toEqual(services.body);
    expectUnavailable(await injectJson(t.app, 'POST', '/api/contact', contactBody()));
    const ready = await injectJson(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(uncaught).toEqual([]);

    await proxy.restore();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5_000) {
      status = (await injectJson(t.app, 'GET', READ)).status;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    expect((await injectJson(t.app, 'GET', '/readyz')).status).toBe(200);
    expect((await injectJson(t.app, 'POST', '/api/contact', contactBody())).status).toBe(201);
  });

  it('answers 503 while the database refuses connections (maintenance) and serves again after', async () => {
    await admin(`alter database ${name} allow_connections false`);
    try {
      await terminateAppConnections(name);
      expectUnavailable(await injectJson(t.app, 'GET', READ));
      expect((await injectJson(t.app, 'GET', '/readyz')).status).toBe(503);
    } finally {
      await admin(`alter database ${name} allow_connections true`);
    }
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5_000 && status !== 200) {
      status = (await injectJson(t.app, 'GET', READ)).status;
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
  });

  it('gives every connection back when BEGIN fails: 20 failures on a pool of 10, then normal service', async () => {
    proxy.failBegins(20);
    for (let i = 0; i < 20; i++) {
      expectUnavailable(await injectJson(t.app, 'POST', '/api/contact', contactBody()));
    }
    expect(proxy.beginsFailed()).toBe(20);

    const started = Date.now();
    expect((await injectJson(t.app, 'POST', '/api/contact', contactBody())).status).toBe(201);
    expect((await injectJson(t.app, 'GET', READ)).status).toBe(200);
    // Served at once from the pool, not after waiting for a connection that never comes back.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('answers 503 within 10 s when every connection of the pool is busy, then serves again', async () => {
    // The app's own pool (10 connections), each held by a long statement. (A Drizzle query runs
    // when awaited: the async wrapper starts each one now.)
    const held = Array.from({ length: 10 }, async () => database.db.execute(sql`select pg_sleep(12)`));
    await sleep(500);
    const started = Date.now();
    // A read (one wait for a connection) and a write that first counts its rate limit (two waits).
    const [read, write] = await Promise.all([
      injectJson(t.app, 'GET', READ).then((res) => ({ res, ms: Date.now() - started })),
      injectJson(t.app, 'POST', '/api/contact', contactBody()).then((res) => ({ res, ms: Date.now() - started })),
    ]);
    expectUnavailable(read.res);
    expectUnavailable(write.res);
    expect(read.ms).toBeLessThan(10_000);
    expect(write.ms).toBeLessThan(10_000);
    await Promise.all(held);
    expect((await injectJson(t.app, 'GET', READ)).status).toBe(200);
  }, 40_000);
});
