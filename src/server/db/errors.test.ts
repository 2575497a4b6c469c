import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, NotFoundError } from '../errors';
import { classifyDatabaseError, isDatabaseUnavailable } from './errors';

const pgError = (code: string, message = 'server error') => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** How Drizzle wraps a driver error. */
const drizzleWrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  const cases: [string, unknown, boolean][] = [
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    ['the Unix socket of a stopped server', Object.assign(new Error('connect ENOENT /data/postgres/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }), true],
    ['a missing file is no outage', Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' }), false],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
    ['host not found', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' }), true],
    ['refused on both address families', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''), true],
    ['57P01 admin_shutdown', pgError('57P01', 'terminating connection due to administrator command'), true],
    ['57P02 crash_shutdown', pgError('57P02'), true],
    ['57P03 cannot_connect_now', pgError('57P03', 'the database system is starting up'), true],
    ['08006 connection_failure', pgError('08006'), true],
    ['08P01 protocol_violation', pgError('08P01'), true],
    ['53300 too_many_connections', pgError('53300', 'sorry, too many clients already'), true],
    ['55000 database not accepting connections', pgError('55000', 'database "x" is not currently accepting connections'), true],
    ['pool exhausted', new Error('timeout exceeded when trying to connect'), true],
    ['connection dropped', new Error('Connection terminated unexpectedly'), true],
    ['connect timed out', new Error('Connection terminated due to connection timeout'), true],
    ['client broken', new Error('Client has encountered a connection error and is not queryable'), true],
    ['pool ended', new Error('Cannot use a pool after calling end on the pool'), true],
    ['wrapped by Drizzle', drizzleWrapped(pgError('57P01')), true],
    ['wrapped twice', drizzleWrapped(drizzleWrapped(new Error('Connection terminated unexpectedly'))), true],
    ['already classified', new DatabaseUnavailableError(), true],
    ['unique violation', drizzleWrapped(pgError('23505', 'duplicate key value violates unique constraint')), false],
    ['syntax error', pgError('42601'), false],
    ['55000 for another reason', pgError('55000', 'object not in prerequisite state'), false],
    ['wrong password', pgError('28P01', 'password authentication failed'), false],
    ['serialization failure', pgError('40001'), false],
    ['domain error', new NotFoundError(), false],
    ['plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'ECONNREFUSED', false],
    ['nothing', undefined, false],
  ];
  it.each(cases)('%s', (_name, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });

  it('stops on a cause that points back at itself', () => {
    const err: Error & { cause?: unknown } = new Error('loop');
    err.cause = err;
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('classifyDatabaseError', () => {
  it('turns a driver error into DatabaseUnavailableError, keeping it as the cause', () => {
    const cause = drizzleWrapped(pgError('57P01'));
    const classified = classifyDatabaseError(cause);
    expect(classified).toBeInstanceOf(DatabaseUnavailableError);
    expect((classified as DatabaseUnavailableError).code).toBe('DATABASE_UNAVAILABLE');
    expect((classified as Error).cause).toBe(cause);
  });

  it('leaves other errors as they are', () => {
    const err = pgError('23505');
    expect(classifyDatabaseError(err)).toBe(err);
  });
});
