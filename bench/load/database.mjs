// The bench's own SQL: is a PostgreSQL server there, a fresh database on it (dropped afterwards),
// the embedded server's address, and the check that no two active jobs of a crew overlap.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { atCleanup } from './cleanup.mjs';

/** The machine's server: trust authentication for `postgres` on 127.0.0.1. */
export const SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' };

async function withClient(config, work) {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** null when the server answers, else why not. */
export async function serverProblem() {
  try {
    await withClient(SERVER, (c) => c.query('select 1'));
    return null;
  } catch (err) {
    return err.message || err.code || String(err);
  }
}

/**
 * Creates an empty database on the server; `drop()` drops it, and the cleanup does if nobody did
 * (WITH FORCE: an app left connected must not keep it).
 */
export async function createDatabase(name) {
  await withClient(SERVER, (c) => c.query(`create database "${name}"`));
  const drop = atCleanup(() => withClient(SERVER, (c) => c.query(`drop database if exists "${name}" with (force)`)));
  return { url: `postgres://${SERVER.user}@${SERVER.host}:${SERVER.port}/${name}`, drop };
}

/**
 * How to reach the embedded server an app runs in `dataDir` (decision 0006): postmaster.pid names
 * its port and socket folder (or listen address), DATA_DIR/postgres.password its password.
 */
export function embeddedConnection(dataDir) {
  const lines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  const listen = lines[5]?.trim();
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  return { host: socketDir || (listen && listen !== '*' ? listen : '127.0.0.1'), port, user: 'postgres', password, database: 'postgres' };
}

/**
 * The server's postmaster (the parent of our own backend), and a poller of the pids of backends
 * connected to other databases: the machine's server is shared, and other people's tests must not
 * count as this app's database. Call `stop()` when done.
 */
export async function watchServer(dbName) {
  const client = new pg.Client(SERVER);
  await client.connect();
  const { rows } = await client.query('select pg_backend_pid() as pid');
  const postmaster = Number(readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  let foreign = new Set();
  const poll = async () => {
    const result = await client.query('select pid from pg_stat_activity where datname is not null and datname <> $1', [dbName]);
    foreign = new Set(result.rows.map((r) => r.pid));
  };
  await poll();
  const timer = setInterval(() => poll().catch(() => {}), 1000);
  return {
    postmaster,
    foreign: () => foreign,
    async stop() {
      clearInterval(timer);
      await client.end();
    },
  };
}

// A job holds its crew while confirmed or waiting for a reschedule, and while pending only until
// its hold ends (holdsSlot in src/server/schedule/services/schedule.ts; ACTIVE_BOOKING_STATUSES).
const ACTIVE_JOBS = `
  select id, crew, during from bookings
   where status in ('confirmed', 'rescheduling')
      or (status = 'pending' and (hold_expires_at is null or hold_expires_at > now()))`;

/** Active jobs, overlapping pairs of one crew (at most 20 shown), and all booking rows. */
export function checkOverlaps(connection) {
  return withClient(connection, async (c) => {
    const active = await c.query(`select count(*)::int as n from (${ACTIVE_JOBS}) a`);
    const pairs = await c.query(`
      with active as (${ACTIVE_JOBS})
      select a.id as first, b.id as second, a.crew, a.during::text as first_during, b.during::text as second_during
        from active a join active b on a.crew = b.crew and a.id < b.id and a.during && b.during
       order by a.id, b.id limit 20`);
    const all = await c.query('select count(*)::int as n from bookings');
    return { active: active.rows[0].n, pairs: pairs.rows, bookings: all.rows[0].n };
  });
}
