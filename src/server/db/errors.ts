import { DatabaseUnavailableError } from '../errors';

/** Socket errors of a server that is down, unreachable or dropped the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN']);

/**
 * SQLSTATEs of a server that cannot serve us now but will again: shutting down or restarting
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), out of connection
 * slots (53300 too_many_connections). Class 08 (connection exceptions) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool report a lost or missing connection with these messages only. */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; syscall?: unknown };

function matches(e: ErrorLike): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // The embedded server listens on a Unix socket whose file exists only while it runs: a stopped
  // or restarting server is a missing socket, not a refused port.
  if (code === 'ENOENT' && e.syscall === 'connect') return true;
  // ALTER DATABASE … ALLOW_CONNECTIONS false (maintenance) uses the generic 55000.
  if (code === '55000' && message.includes('not currently accepting connections')) return true;
  return DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * Whether an error means the database is out of reach for now (refused, dropped, restarting,
 * pool exhausted) rather than a bug or bad data. Follows `cause` (Drizzle wraps driver errors in
 * "Failed query: …") and the `errors` of an AggregateError (a refused dual-stack connect).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof DatabaseUnavailableError) return true;
    const like = e as ErrorLike;
    if (matches(like)) return true;
    queue.push(like.cause);
    if (Array.isArray(like.errors)) queue.push(...(like.errors as unknown[]));
  }
  return false;
}

/** The error as the error handler should see it: a DatabaseUnavailableError when it is one. */
export function classifyDatabaseError(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError || !isDatabaseUnavailable(err)) return err;
  return new DatabaseUnavailableError({ cause: err });
}
