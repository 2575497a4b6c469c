#!/usr/bin/env node
// Start-up time: from spawning `node scripts/start.mjs` until GET /readyz answers 200, after a
// build, on an existing data directory and on a new one. `node bench/start.bench.mjs [runs]`.
// Target: under 3 s on a 2-core machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, root } from '../scripts/ensure-build.mjs';
import { freePort } from './load/processes.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const TARGET_MS = 3000;

/** Milliseconds from spawn to the first 200 from /readyz; stops the server afterwards. */
async function timeStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let elapsed;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      elapsed = performance.now() - started;
      break;
    }
    if (performance.now() - started > 60_000) throw new Error(`no /readyz after 60 s:\n${stderr}`);
    await sleep(10);
  }
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

function summary(label, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const max = sorted[sorted.length - 1];
  const runs = times.map((t) => Math.round(t)).join(', ');
  console.log(`${label.padEnd(22)} median ${Math.round(median)} ms   max ${Math.round(max)} ms   (${runs})${max > TARGET_MS ? '   ABOVE TARGET' : ''}`);
  return max;
}

ensureBuild();
console.log(`start-up to /readyz, ${RUNS} runs each, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const existing = mkdtempSync(join(tmpdir(), 'bench-start-'));
const fresh = [];
try {
  await timeStart(existing); // creates, migrates and seeds the data directory once
  const existingTimes = [];
  for (let i = 0; i < RUNS; i++) existingTimes.push(await timeStart(existing));
  const newTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-start-new-'));
    fresh.push(dir);
    newTimes.push(await timeStart(dir));
  }
  const worst = Math.max(summary('existing data dir', existingTimes), summary('new data dir', newTimes));
  console.log(`target ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  for (const dir of [existing, ...fresh]) rmSync(dir, { recursive: true, force: true });
}
