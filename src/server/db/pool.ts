import pg from 'pg';
import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { drizzle, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { isDatabaseUnavailable } from './errors';
import * as schema from './schema';

export interface PoolOptions {
  /** Connections at most (default 10). */
  max?: number;
  /**
   * Longest wait, in ms, for a connection: opening a new one or, with all in use, waiting for a
   * free one (pg-pool applies it to both). Default 3000: a request may wait three times (its
   * session, its rate-limit counter, then its own query) and must still answer within 10 s.
   */
  connectionTimeoutMillis?: number;
}

export const POOL_DEFAULTS = { max: 10, connectionTimeoutMillis: 3_000 } as const;

function warn(msg: string, err: Error) {
  console.warn(JSON.stringify({ level: 40, time: Date.now(), msg, err: err.message, code: (err as { code?: string }).code }));
}

/**
 * The node-postgres pool of the app. A connection the server drops (restart, failover,
 * pg_terminate_backend) emits 'error' on its client; with no listener that is an uncaught
 * exception that ends the process. pg-pool listens only while a client is idle, so every client
 * gets its own listener when it is opened; the query in flight fails on its own and the pool
 * discards the broken client when it is released.
 */
export function createPool(url: string, opts: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? POOL_DEFAULTS.max,
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? POOL_DEFAULTS.connectionTimeoutMillis,
    // Notices a peer that vanished without closing (power cut, network partition).
    keepAlive: true,
  });
  pool.on('connect', (client) => {
    client.on('error', (err) => warn('database connection lost', err));
  });
  // Emitted for an idle client too; the client's own listener above has logged it already.
  pool.on('error', () => {});
  return pool;
}

const dialect = new PgDialect();
const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalSchema = { fullSchema: schema, schema: relational.tables, tableNamesMap: relational.tableNamesMap };

/**
 * Drizzle on the pool, with transactions that always give their connection back. Drizzle's own
 * pool transaction sends BEGIN before its try/finally, so a BEGIN that fails (the connection
 * dropped just then) never releases the client: ten of those and the pool is empty for good.
 * Here the client is taken and released by us, around Drizzle's single-client transaction.
 */
export function drizzleOnPool(pool: pg.Pool): Db {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const transaction: Db['transaction'] = async (run, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      const session = new NodePgSession(client, dialect, relationalSchema, {});
      return await session.transaction(run as never, config);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      // A connection that failed us is closed rather than handed to the next request.
      client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  };
  db.transaction = transaction;
  return db;
}
