import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestBuild } from '../helpers/build';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let mainJs: string;
let dataDir: string;
/** A database made for this file on the PostgreSQL server when TEST_DATABASE_URL is set. */
let databaseUrl: string | undefined;
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `site_shutdown_${randomBytes(6).toString('hex')}`;
const children: ChildProcess[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function spawnServer(port: number) {
  return spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'info',
      PAYMENTS: 'demo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawnServer(port);
  children.push(child);
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not get ready:\n${output}`);
    await sleep(100);
  }
  return { child, port, output: () => output, exited };
}

/**
 * Starts a POST whose body arrives in two parts, so the request stays in flight until `finish()`.
 * The connection is kept alive like a browser's, which never closes it on its own.
 */
function slowRequest(port: number, path: string) {
  const body = JSON.stringify({ probe: 'x'.repeat(200) });
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  let req!: ClientRequest;
  const response = new Promise<{ status: number; body: string; connection?: string; at: number }>((resolve, reject) => {
    req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection, at: Date.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  req.flushHeaders();
  return { response, finish: () => req.end(body.slice(10)) };
}

beforeAll(async () => {
  mainJs = join(await ensureTestBuild(), 'server', 'main.js');
  dataDir = mkdtempSync(join(tmpdir(), 'site-shutdown-'));
  if (serverUrl) {
    // The server migrates and seeds the new database itself, as on a first deploy.
    await admin(`create database ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // Otherwise the server's own embedded PostgreSQL in an empty DATA_DIR. Either way a first start
  // creates, migrates and seeds the database, which takes seconds on a busy machine: done here,
  // so the tests time their own starts on existing data.
  const first = await startServer();
  first.child.kill('SIGTERM');
  expect((await first.exited).code).toBe(0);
}, 180_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A server killed above leaves its embedded PostgreSQL running: stop that too.
  const pidFile = dataDir ? join(dataDir, 'postgres', 'postmaster.pid') : '';
  if (pidFile && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        process.kill(pid, 0);
        await sleep(50);
      }
    } catch {
      // Gone.
    }
  }
  if (serverUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', { timeout: 60_000 }, async () => {
    const server = await startServer();
    const slow = slowRequest(server.port, '/api/shutdown-probe');
    // Let the server receive the headers and the first part of the body.
    await sleep(300);
    server.child.kill('SIGTERM');
    await sleep(300);
    // Still running: it waits for the request it has started.
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const res = await slow.response;
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
    // While closing, the reply tells the client to drop its keep-alive connection.
    expect(res.connection).toBe('close');
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    // It exits once the request is done, not when the forced-exit timer fires.
    expect(Date.now() - res.at).toBeLessThan(3_000);
    expect(server.output()).toContain('shutting down');
  });

  it('exits 0 right away on SIGINT when idle, and starts again on the same data', { timeout: 60_000 }, async () => {
    const server = await startServer();
    const started = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The database was closed cleanly: a second start on the same data directory works.
    const again = await startServer();
    const res = await fetch(`http://127.0.0.1:${again.port}/api/services`);
    expect(res.status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  // The embedded server is the app's own: one app per DATA_DIR, and a kill -9 leaves it running.
  it.skipIf(serverUrl)('refuses a second app on the same DATA_DIR, and starts after a kill -9 by stopping the orphaned database server', { timeout: 90_000 }, async () => {
    const first = await startServer();
    const second = spawnServer(await freePort());
    children.push(second);
    let output = '';
    second.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    second.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`is in use by another running app process (pid ${first.child.pid})`);
    // The first one was not disturbed.
    expect((await fetch(`http://127.0.0.1:${first.port}/readyz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const again = await startServer();
    expect(again.output()).toContain('stopping the database server left running by an app that stopped abruptly');
    expect((await fetch(`http://127.0.0.1:${again.port}/api/services`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});
