import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer, type ServerProcess } from '../helpers/server-process';
import {
  FAULT_ENV,
  builtMainJs,
  connectEmbedded,
  contactPayload,
  is2xx,
  isAlive,
  killAtOnce,
  makeDataDir,
  postmasterInfo,
  postmastersOn,
  removeDataDir,
  runTag,
  send,
  serverProcessesOn,
  tally,
  waitFor,
} from './support';

/**
 * A power cut, a container restart or a kill of the process group: the app and every process of
 * its embedded PostgreSQL server die together and leave postmaster.pid and the socket lock file
 * behind. `npm start` right after must come up by itself, with every acknowledged write, and say
 * what it found; it must also see past a pid that now belongs to another program.
 */

const ROUNDS = 10;

const dirs: string[] = [];
const others: ChildProcess[] = [];
afterAll(() => {
  killAllServers();
  for (const child of others) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) removeDataDir(dir);
});

const start = async (mainJs: string, dataDir: string, what: string): Promise<ServerProcess> => {
  try {
    return await startServer({ mainJs, dataDir, env: FAULT_ENV, readyTimeoutMs: 60_000 });
  } catch (err) {
    throw new Error(`${what}: ${(err as Error).message}`);
  }
};

/** The app and every process of its server, SIGKILLed in one go; returns the pid postmaster.pid names. */
function powerCut(server: ServerProcess, dataDir: string): number {
  const postmaster = postmasterInfo(dataDir);
  expect(postmaster && isAlive(postmaster.pid), 'a running postmaster').toBe(true);
  const processes = serverProcessesOn(dataDir);
  // The postmaster and its helpers (checkpointer, WAL writer, ...), each in a process group of its own.
  expect(processes.length, 'server processes').toBeGreaterThan(3);
  killAtOnce([server.child.pid!, ...processes]);
  return postmaster!.pid;
}

const socketLocks = (dataDir: string) => readdirSync(join(dataDir, 'postgres')).filter((name) => /^\.s\.PGSQL\.\d+\.lock$/.test(name));

/** The first line (the pid) of a lock file replaced, the rest kept as the server wrote it. */
function renamePid(file: string, pid: number) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[0] = String(pid);
  writeFileSync(file, lines.join('\n'));
}

const postgresUser = (): { uid: number; gid: number } | Record<string, never> => {
  if (process.getuid?.() !== 0) return {};
  const out = spawnSync('id', ['postgres'], { encoding: 'utf8' }).stdout;
  return { uid: Number(/uid=(\d+)/.exec(out)![1]), gid: Number(/gid=(\d+)/.exec(out)![1]) };
};

describe('a power cut: the app and its database server die together', () => {
  it(`comes back by itself at once, ${ROUNDS} times in a row, with every acknowledged write`, { timeout: 240_000 }, async () => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('powercut');
    dirs.push(dataDir);
    let server = await start(mainJs, dataDir, 'the first start');
    const subjects: string[] = [];
    const restartTimes: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = runTag();
      const sent = await send(server.url, 'POST', '/api/contact', contactPayload(tag));
      expect(is2xx(sent), `message of round ${round}: ${tally([sent])}`).toBe(true);
      subjects.push(contactPayload(tag).subject);

      const pid = powerCut(server, dataDir);
      expect(socketLocks(dataDir), 'the socket lock left behind').toEqual(['.s.PGSQL.5432.lock']);
      const restartedAt = Date.now();
      server = await start(mainJs, dataDir, `the start right after power cut ${round} of ${ROUNDS}`);
      restartTimes.push(Date.now() - restartedAt);

      // What it found, said once; nothing about a server "stopping on its own".
      const found = server.output().match(/"msg":"[^"]*postmaster\.pid[^"]*"/g) ?? [];
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(
        new RegExp(
          `^"msg":"found a postmaster\\.pid naming pid ${pid}, which is not a PostgreSQL server for this folder \\((no process has that pid|that process has exited)\\); removing it and the socket lock"$`,
        ),
      );
      expect(server.output()).not.toContain('stopped on its own');
      expect(postmastersOn(dataDir), `postmasters on ${dataDir}/postgres after restart ${round}`).toHaveLength(1);
    }

    console.info(`restarts after a power cut took ${restartTimes.join(', ')} ms`);
    const db = await connectEmbedded(dataDir);
    try {
      const { rows } = await db.query<{ subject: string }>('select subject from contact_submissions where subject = any($1) order by id', [subjects]);
      expect(rows.map((r) => r.subject)).toEqual(subjects);
    } finally {
      await db.end();
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await waitFor('the embedded server to stop with the app', () => postmastersOn(dataDir).length === 0, 5_000);
  });

  // The pid in the left-over files belongs to another program now (after a reboot pids are handed out again).
  const unrelated = [
    {
      name: 'a program of the postgres user',
      spawn: () => spawn('sleep', ['600'], { stdio: 'ignore', ...postgresUser() }),
      command: 'sleep 600',
    },
    {
      name: "another folder's PostgreSQL server",
      spawn: () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', '-D', '/var/lib/postgresql/17/main'], { stdio: 'ignore', argv0: 'postgres' }),
      command: 'postgres -e setInterval(() => {}, 1000) -- -D /var/lib/postgresql/17/main',
    },
    {
      name: "a program of the app's user",
      spawn: () => spawn('sleep', ['600'], { stdio: 'ignore' }),
      command: 'sleep 600',
    },
  ];

  it.each(unrelated)('starts when the left-over postmaster.pid names $name, and leaves that process alone', { timeout: 120_000 }, async (other) => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('stalepid');
    dirs.push(dataDir);
    const first = await start(mainJs, dataDir, 'the first start');
    powerCut(first, dataDir);
    // spawn() returns once the program runs (libuv waits for the exec).
    const child = other.spawn();
    others.push(child);
    const pid = child.pid!;
    renamePid(join(dataDir, 'postgres', 'postmaster.pid'), pid);
    for (const lock of socketLocks(dataDir)) renamePid(join(dataDir, 'postgres', lock), pid);

    const server = await start(mainJs, dataDir, `the start with a postmaster.pid naming ${other.name}`);
    expect(isAlive(pid), `${other.name} (pid ${pid}) still runs`).toBe(true);
    expect(postmastersOn(dataDir)).toHaveLength(1);
    expect(server.output()).toContain(
      `"msg":"found a postmaster.pid naming pid ${pid}, which is not a PostgreSQL server for this folder (it runs \`${other.command}\`); removing it and the socket lock"`,
    );
    child.kill('SIGKILL');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
