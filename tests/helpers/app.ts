import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../src/server/db/client';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { seedDatabase } from '../../src/server/db/seed';
import type { Mailer } from '../../src/server/messaging/services/mailer';
import type { PaymentProvider } from '../../src/server/payments/services/provider';
import type { TestClock } from './clock';
import { openTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  database: TestDatabase;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables for loadConfig (strings, as in process.env). */
  env?: Record<string, string>;
  /** Required: every test app runs on a fixed time (see createClock); there is no "today". */
  clock: TestClock;
  payments?: PaymentProvider;
  mailer?: Mailer;
  seed?: boolean;
  /** Serve a built client from this folder (e.g. dist/client), as main.ts does. */
  clientDir?: string;
  /** Share a database opened elsewhere (e.g. two app instances on one database); close() leaves it open. */
  database?: TestDatabase;
  /** Runs after buildApp and before ready(): register extra test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * How long the app trusts the database's version counters (ms). 0 by default: tests that write
   * rows directly then read through the app see them at once. Tests of what another instance
   * notices pass the production value (1000, the default of buildApp).
   */
  versionTtlMs?: number;
  /** Receives the app's log lines (at LOG_LEVEL, silent unless `env` says otherwise); no log when unset. */
  logStream?: { write(line: string): void };
}

/** The whole app on a fresh database, for `app.inject` tests. Call close() in afterAll. */
export async function createTestApp(opts: TestAppOptions): Promise<TestApp> {
  if (!opts?.clock) throw new Error("createTestApp needs a clock: pass { clock: createClock('2026-06-01T17:00:00Z') } (any fixed instant) so the test does not run on today's date.");
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openTestDatabase());
  if (opts.seed !== false) await seedDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clock = opts.clock;
  const app = await buildApp({ config, database, now: clock.now, payments: opts.payments, mailer: opts.mailer, clientDir: opts.clientDir, logger: Boolean(opts.logStream), logStream: opts.logStream, versionTtlMs: opts.versionTtlMs ?? 0 });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

/**
 * A second app instance on `first`'s database through its own connection pool, as another server
 * would be: it learns of changes only through the database. close() also closes its pool and
 * removes its folder.
 */
export async function createSecondInstance(first: TestApp, opts: Omit<TestAppOptions, 'database' | 'seed'>): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'second-instance-'));
  const databaseUrl = first.database.databaseUrl;
  const shared = await openDatabase({ databaseUrl, dataDir });
  const second = await createTestApp({ ...opts, seed: false, database: { ...shared, dataDir, databaseUrl } });
  return {
    ...second,
    async close() {
      await second.close();
      await shared.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON request through app.inject; returns status and parsed body. */
export async function injectJson(app: FastifyInstance, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  let json: any = null;
  try {
    json = res.body ? JSON.parse(res.body) : null;
  } catch {
    json = null;
  }
  return { status: res.statusCode, body: json, headers: res.headers, raw: res };
}
