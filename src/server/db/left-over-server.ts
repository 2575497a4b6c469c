import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join, resolve } from 'node:path';

/**
 * What a crashed, killed or powered-off server leaves in its data folder, and whether a live
 * server still stands behind it. PostgreSQL refuses to start while postmaster.pid or a socket
 * lock file (`.s.PGSQL.<port>.lock`) names a pid that answers `kill(pid, 0)`: after a power
 * cut or a container restart that pid is a zombie or, handed out again, another program.
 */

/** postmaster.pid or a socket lock file, and the lines PostgreSQL writes first in both. */
export interface LockFile {
  name: string;
  pid: number;
  port: number;
  /** The socket folder, empty when the server listens on TCP only. */
  socketDir: string;
  listen: string;
}

export type LockHolder = { kind: 'server' } | { kind: 'stale'; reason: string };

const SOCKET_LOCK = /^\.s\.PGSQL\.(\d+)\.lock$/;
const COMMAND_SHOWN = 100;

let procChecked: boolean | undefined;
/** Linux's /proc, where a pid can be asked what it runs; elsewhere only the socket can tell. */
const hasProc = () => (procChecked ??= existsSync('/proc/self/stat'));

/** The fields of /proc/PID/stat after the command name (state first), or null when the process is gone. */
export function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * A process that runs: `kill(pid, 0)` passes (EPERM: another user's) and, where /proc tells,
 * it is not a zombie (exited, its parent has not collected it yet), which `kill` still finds.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc()) return true;
  const state = procStat(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

export function lockFilesIn(pgdata: string): LockFile[] {
  let names: string[];
  try {
    names = readdirSync(pgdata);
  } catch {
    return [];
  }
  const found: LockFile[] = [];
  for (const name of names) {
    if (name !== 'postmaster.pid' && !SOCKET_LOCK.test(name)) continue;
    let lines: string[];
    try {
      lines = readFileSync(join(pgdata, name), 'utf8').split('\n');
    } catch {
      continue;
    }
    const pid = Number(lines[0]);
    found.push({
      name,
      pid: Number.isInteger(pid) && pid > 0 ? pid : 0,
      port: Number(lines[3]),
      socketDir: (lines[4] ?? '').trim(),
      listen: name === 'postmaster.pid' ? (lines[5] ?? '').trim() : '',
    });
  }
  // postmaster.pid first: PostgreSQL takes it first, and the log names it first.
  return found.sort((a, b) => Number(b.name === 'postmaster.pid') - Number(a.name === 'postmaster.pid'));
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function commandOf(pid: number): string[] {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (args.at(-1) === '') args.pop();
    if (args.length > 0) return args;
  } catch {
    // Gone meanwhile.
  }
  // Kernel threads have no command line: their name, bracketed as ps shows it.
  try {
    return [`[${readFileSync(`/proc/${pid}/comm`, 'utf8').trim()}]`];
  } catch {
    return [];
  }
}

/**
 * A postmaster of `pgdata`: the `postgres` program (backends rename themselves "postgres: …"),
 * whose working folder is the data folder (a postmaster moves into it at start) or, when that
 * cannot be read (another user's process, not as root), whose `-D` names it.
 */
function isPostmasterOf(pid: number, args: string[], pgdata: string): boolean {
  const program = basename(args[0] ?? '');
  if (program !== 'postgres' && program !== 'postgres.exe') return false;
  const dir = realpathOr(pgdata);
  try {
    return realpathOr(readlinkSync(`/proc/${pid}/cwd`)) === dir;
  } catch {
    const at = args.indexOf('-D');
    const named = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('-D') && a.length > 2)?.slice(2);
    return named !== undefined && realpathOr(named) === dir;
  }
}

/** Whether something accepts connections where the lock file says its server listens. */
function answers(lock: LockFile, timeoutMs = 1_000): Promise<boolean> {
  if (!Number.isInteger(lock.port) || lock.port <= 0) return Promise.resolve(false);
  const host = lock.listen && lock.listen !== '*' ? lock.listen.split(',')[0].trim() : '127.0.0.1';
  return new Promise((done) => {
    const socket = lock.socketDir ? connect({ path: join(lock.socketDir, `.s.PGSQL.${lock.port}`) }) : connect({ host, port: lock.port });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Whether the pid a lock file of `pgdata` names is a live PostgreSQL server of that folder; if not, why not, for the log. */
export async function lockHolder(lock: LockFile, pgdata: string): Promise<LockHolder> {
  const { pid } = lock;
  if (pid <= 0) return { kind: 'stale', reason: 'it holds no pid' };
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return { kind: 'stale', reason: 'no process has that pid' };
  }
  if (!hasProc()) {
    return (await answers(lock)) ? { kind: 'server' } : { kind: 'stale', reason: 'nothing answers where it says the server listens' };
  }
  const stat = procStat(pid);
  if (!stat) return { kind: 'stale', reason: 'no process has that pid' };
  if (stat[0] === 'Z' || stat[0] === 'X') return { kind: 'stale', reason: 'that process has exited' };
  const args = commandOf(pid);
  if (isPostmasterOf(pid, args, pgdata)) return { kind: 'server' };
  const command = args.join(' ');
  return { kind: 'stale', reason: `it runs \`${command.length > COMMAND_SHOWN ? `${command.slice(0, COMMAND_SHOWN - 1)}…` : command}\`` };
}

/** Removes lock files whose server is gone, with the socket each one guarded; says what it removed. */
export function removeStaleLocks(pgdata: string, locks: LockFile[], reason: string): string {
  for (const lock of locks) {
    rmSync(join(pgdata, lock.name), { force: true });
    const port = SOCKET_LOCK.exec(lock.name)?.[1];
    if (port) rmSync(join(pgdata, `.s.PGSQL.${port}`), { force: true });
  }
  const postmasterPid = locks.some((l) => l.name === 'postmaster.pid');
  const socketLock = locks.some((l) => l.name !== 'postmaster.pid');
  const pid = locks[0].pid;
  const what = postmasterPid ? 'a postmaster.pid' : 'a socket lock file';
  const removing = `removing it${postmasterPid && socketLock ? ' and the socket lock' : ''}`;
  if (pid <= 0) return `found ${what} that holds no pid; ${removing}`;
  return `found ${what} naming pid ${pid}, which is not a PostgreSQL server for this folder (${reason}); ${removing}`;
}
