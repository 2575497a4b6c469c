import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLeftOverServer, startEmbeddedPostgres } from './embedded';
import { isRunning, procStat } from './left-over-server';

/**
 * What a start finds in DATA_DIR/postgres after the app and its server died together, with
 * stand-in processes for the pid the files name (no PostgreSQL needed but in the last case).
 */

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

let pgdata: string;
beforeEach(() => {
  pgdata = join(mkdtempSync(join(tmpdir(), 'site-left-over-')), 'postgres');
  mkdirSync(pgdata);
});
afterEach(() => rmSync(join(pgdata, '..'), { recursive: true, force: true }));

/** postmaster.pid, the socket lock and the socket as a killed server leaves them (PostgreSQL's line layout). */
function leaveLockFiles(pid: number) {
  writeFileSync(join(pgdata, 'postmaster.pid'), `${pid}\n${pgdata}\n1790000000\n5432\n${pgdata}\n\n  5432001    32768\nready   \n`);
  writeFileSync(join(pgdata, '.s.PGSQL.5432.lock'), `${pid}\n${pgdata}\n1790000000\n5432\n${pgdata}\n`);
  writeFileSync(join(pgdata, '.s.PGSQL.5432'), '');
}

function collect() {
  const lines: [string, string, Record<string, unknown> | undefined][] = [];
  return { lines, log: (level: 'info' | 'warn', msg: string, extra?: Record<string, unknown>) => lines.push([level, msg, extra]) };
}

function run(command: string, args: string[], opts: { argv0?: string; cwd?: string } = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], ...opts });
  children.push(child);
  return child;
}

/** A process that has exited but that its parent never collects: `sh` starts it, then becomes `sleep`. */
async function zombie(): Promise<number> {
  const parent = run('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
  const pid = Number(await new Promise<string>((done) => parent.stdout!.once('data', (c: Buffer) => done(c.toString()))));
  for (let i = 0; i < 200 && procStat(pid)?.[0] !== 'Z'; i++) await sleep(10);
  expect(procStat(pid)?.[0], `pid ${pid} a zombie`).toBe('Z');
  return pid;
}

const removed = (pid: number, reason: string) =>
  `found a postmaster.pid naming pid ${pid}, which is not a PostgreSQL server for this folder (${reason}); removing it and the socket lock`;

describe.runIf(process.platform === 'linux')('the left-over server check at start', () => {
  it('does nothing and says nothing on a clean folder', async () => {
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines).toEqual([]);
  });

  it('removes postmaster.pid, the socket lock and the socket of a server that is gone', async () => {
    const gone = run('true', []);
    await new Promise((done) => gone.once('exit', done));
    leaveLockFiles(gone.pid!);
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines).toEqual([['warn', removed(gone.pid!, 'no process has that pid'), { pid: gone.pid, files: ['postmaster.pid', '.s.PGSQL.5432.lock'] }]]);
    expect(readdirSync(pgdata)).toEqual([]);
  });

  it('takes a zombie for the dead process it is (kill(pid, 0) still finds it)', async () => {
    const pid = await zombie();
    expect(isRunning(pid)).toBe(false);
    leaveLockFiles(pid);
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual([removed(pid, 'that process has exited')]);
    expect(readdirSync(pgdata)).toEqual([]);
  });

  it('removes the files when their pid now runs another program, and leaves that program running', async () => {
    const other = run('sleep', ['30']);
    leaveLockFiles(other.pid!);
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual([removed(other.pid!, 'it runs `sleep 30`')]);
    expect(readdirSync(pgdata)).toEqual([]);
    expect(isRunning(other.pid!)).toBe(true);
  });

  it('takes a program named postgres for another server when it does not run in this folder', async () => {
    const other = run('sleep', ['30'], { argv0: 'postgres' });
    leaveLockFiles(other.pid!);
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual([removed(other.pid!, 'it runs `postgres 30`')]);
    expect(isRunning(other.pid!)).toBe(true);
  });

  it('stops a postgres that runs in this folder, then removes what it left', async () => {
    // A postmaster moves into its data folder; this stand-in ends on SIGINT without removing its files.
    const server = run('sleep', ['30'], { argv0: 'postgres', cwd: pgdata });
    const exited = new Promise((done) => server.once('exit', (_code, signal) => done(signal)));
    leaveLockFiles(server.pid!);
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual([
      'stopping the database server left running by an app that stopped abruptly',
      // Gone, or exited and not yet collected by this process: either way not running.
      expect.stringMatching(
        new RegExp(`^found a postmaster\\.pid naming pid ${server.pid}, which is not a PostgreSQL server for this folder \\((no process has that pid|that process has exited)\\); removing it and the socket lock$`),
      ),
    ]);
    expect(await exited).toBe('SIGINT');
    expect(readdirSync(pgdata)).toEqual([]);
  });

  it('judges a socket lock on its own when postmaster.pid is gone', async () => {
    const other = run('sleep', ['30']);
    leaveLockFiles(other.pid!);
    rmSync(join(pgdata, 'postmaster.pid'));
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual([
      `found a socket lock file naming pid ${other.pid}, which is not a PostgreSQL server for this folder (it runs \`sleep 30\`); removing it`,
    ]);
    expect(readdirSync(pgdata)).toEqual([]);
  });

  it('removes an empty postmaster.pid (a server killed while it wrote it)', async () => {
    writeFileSync(join(pgdata, 'postmaster.pid'), '');
    const { lines, log } = collect();
    await clearLeftOverServer(pgdata, log);
    expect(lines.map((l) => l[1])).toEqual(['found a postmaster.pid that holds no pid; removing it']);
    expect(existsSync(join(pgdata, 'postmaster.pid'))).toBe(false);
  });
});

describe('a server that does not start', () => {
  // initdb and a start: seconds, more on a busy machine.
  it('is said by the start-up error, not as a server that "stopped on its own"', { timeout: 90_000 }, async () => {
    const dataDir = join(pgdata, '..');
    rmSync(pgdata, { recursive: true });
    const first = await startEmbeddedPostgres({ dataDir, durable: false, log: () => {} });
    await first.stop();
    writeFileSync(join(pgdata, 'postgresql.auto.conf'), "shared_buffers = 'lots'\n");
    const { lines, log } = collect();
    await expect(startEmbeddedPostgres({ dataDir, durable: false, log })).rejects.toThrow(`The database server in ${pgdata} did not start:`);
    expect(lines).toEqual([]);
    expect(readFileSync(join(dataDir, 'postgres.log'), 'utf8')).toContain('shared_buffers');
  });
});
