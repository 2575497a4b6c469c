import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several instances start at once. */
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
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, idle timeout) makes the pool emit
    // 'error'; unhandled, that would crash the process. The pool opens a new connection next time.
    pool.on('error', (err) => {
      console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: 'idle database connection lost', err: err.message }));
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
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
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = resolve(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDataDir(dir);
  let client;
  try {
    client = await openPglite(PGlite, dir);
  } catch (err) {
    releaseLock();
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is in use by another process (pid ${pid}). PGlite serves one process at a time: ` +
        'stop the other one, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data directory would both write to it
 * and corrupt it. A lock file with our pid keeps a second one out; a dead holder's lock is stale.
 */
function lockDataDir(dir: string): () => void {
  const file = join(dir, '..', 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataDirInUseError(dir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/**
 * The build ships a ready cluster (dist/server/pglite-initial.tar.gz, made by scripts/build.mjs):
 * a new data directory starts from it instead of running initdb, which takes seconds. Without
 * it (running from src/) or if it cannot be loaded, PGlite creates the cluster itself.
 */
async function openPglite(PGlite: typeof import('@electric-sql/pglite').PGlite, dir: string) {
  const image = join(dirname(fileURLToPath(import.meta.url)), 'pglite-initial.tar.gz');
  if (existsSync(join(dir, 'PG_VERSION')) || !existsSync(image)) return PGlite.create(dir);
  try {
    return await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(image)]) });
  } catch (err) {
    console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: 'could not load the initial database image; creating a new cluster', err: String(err) }));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return PGlite.create(dir);
  }
}
