// Child processes of the load bench: spawned from the repository root, their output kept for
// error messages, and stopped (SIGTERM, then waited for) by the cleanup even on Ctrl-C.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from '../../scripts/ensure-build.mjs';
import { atCleanup } from './cleanup.mjs';

const OUTPUT_TAIL_CHARS = 4000;
/** In production the app drains 5 s after SIGTERM, then finishes requests in flight (up to 15 s in all). */
const STOP_GRACE_MS = 20_000;

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A temp folder; `remove()` deletes it, and the cleanup does if nobody did. */
export function tempDir(prefix) {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: atCleanup(() => rmSync(path, { recursive: true, force: true })) };
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** Spawns `node ...args`; `stop()` ends it (SIGTERM, SIGKILL after STOP_GRACE_MS) and waits. */
export function startNode(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // Read both pipes all along: a child writing to a full pipe would stall mid-run.
  const keep = (chunk) => (output = (output + chunk).slice(-OUTPUT_TAIL_CHARS));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = atCleanup(async () => {
    if (!isRunning(child)) return;
    child.kill('SIGTERM');
    const outcome = await Promise.race([exited.then(() => 'exited'), sleep(STOP_GRACE_MS, 'late', { ref: false })]);
    if (outcome === 'late') {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, pid: child.pid, stop, output: () => output, isRunning: () => isRunning(child) };
}

/** Waits for `url` to answer 2xx; throws with the child's output when it exits or takes too long. */
export async function waitReady(proc, url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.isRunning()) throw new Error(`the process for ${url} exited before it was ready:\n${proc.output()}`);
    if (await fetch(url).then(async (r) => (await r.arrayBuffer(), r.ok), () => false)) return;
    if (Date.now() > until) throw new Error(`no answer from ${url} after ${timeoutMs / 1000} s:\n${proc.output()}`);
    await sleep(50);
  }
}
