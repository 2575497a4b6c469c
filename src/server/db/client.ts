import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrateJobQueue } from '../jobs/queue-schema';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  /** `embedded`: the app's own server in DATA_DIR; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** The connection string the pool uses (the job queue opens its own pool on it). */
  url: string;
  /** Applies the committed migrations and the job queue's schema; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Finds the committed `drizzle/` folder whether we run from src/ or from the built dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  return resolve('drizzle');
}

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 724_311;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  // No DATABASE_URL: the app's own PostgreSQL server in DATA_DIR. Either way the rest is one path.
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: opts.dataDir });
  const databaseUrl = opts.databaseUrl ?? embedded!.url;
  try {
    return await openPool(databaseUrl, embedded);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

async function openPool(databaseUrl: string, embedded: EmbeddedPostgres | undefined): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { createPool, drizzleOnPool } = await import('./pool');
  const pool = createPool(databaseUrl);
  const db = drizzleOnPool(pool);
  return {
    db,
    url: databaseUrl,
    kind: embedded ? 'embedded' : 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
        // The job queue's own schema (graphile_worker), from the installed package's migrations.
        await migrateJobQueue(pool);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
