import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, lockFilesIn, lockHolder, procStat, removeStaleLocks, type LockFile } from './left-over-server';

// DATA_DIR of the embedded server (embedded.ts has its layout): the app's lock on it, the
// postgres user's way into it, the generated password, a server left running in it, and the
// errors said when starting fails.

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

export function lockDataDir(dataDir: string): () => void {
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
export function userIds(): Promise<{ uid: number; gid: number } | null> {
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

export function ensureReachable(dataDir: string, ids: { uid: number; gid: number }) {
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

export function readPassword(file: string, clusterExists: boolean): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (clusterExists) {
    throw new DatabaseStartError(`${file} is missing: the database in ${dirname(file)}/postgres cannot be opened without its password. Restore the file from a backup of the data directory.`);
  }
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/** How the embedded server's start-up says what it does (embedded.ts's `log` option). */
export type StartLog = (level: 'info' | 'warn', msg: string, extra?: Record<string, unknown>) => void;

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
async function stopOrphan(pgdata: string, pid: number, log: StartLog) {
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
export async function clearLeftOverServer(pgdata: string, log: StartLog): Promise<void> {
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
