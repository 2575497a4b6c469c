import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * The built server (dist/server/main.js) as a child process on a loopback port, the way an
 * operator runs it: shared by the shutdown tests and the fault suite (tests/faults).
 */

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<Exit>;
  isAlive: () => boolean;
}

export interface StartServerOptions {
  mainJs: string;
  dataDir: string;
  /** Unset: the app's own default database in DATA_DIR. */
  databaseUrl?: string;
  /** Reuse a port (a restart on the same address); a free one otherwise. */
  port?: number;
  /** Extra environment, e.g. SMTP_URL or RATE_LIMIT_SCALE. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

const started: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server and waits until `/readyz` answers 200. */
export async function startServer(opts: StartServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [opts.mainJs], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      LOG_LEVEL: 'info',
      PAYMENTS: 'demo',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (!isAlive()) throw new Error(`the server exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not get ready in time:\n${output}`);
    await sleep(100);
  }
  return { child, port, url, output: () => output, exited, isAlive };
}

/** SIGKILLs every server this file started that still runs (for afterAll). */
export function killAllServers(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.length = 0;
}

/** The system PostgreSQL server the tests may use, when TEST_DATABASE_URL (or the default) answers. */
export const SYSTEM_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function systemPostgresAnswers(url = SYSTEM_PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new, empty database on a PostgreSQL server (the app migrates and seeds it at start, as on
 * a first deploy); `drop()` removes it. Never touches any other database on that server.
 */
export async function createScratchDatabase(prefix: string, serverUrl = SYSTEM_PG_URL): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
