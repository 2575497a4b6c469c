import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..', '..');

/** The build folder the tests use: DIST_DIR, default ./dist (the same rule as scripts/ensure-build.mjs). */
export const testDistDir = process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : join(root, 'dist');

/**
 * Builds the site when it is missing or older than its sources (scripts/ensure-build.mjs), once
 * at a time: test files in parallel workers that need the build wait for each other instead of
 * building into the same folder together. Runs in a child process because ensureBuild exits
 * the process when the build fails.
 */
export async function ensureTestBuild(): Promise<string> {
  const lock = `${testDistDir}.lock`;
  const deadline = Date.now() + 5 * 60_000;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build belongs to a run that died; take it over.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 3 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // The holder just released it.
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await sleep(200);
    }
  }
  try {
    const res = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('./scripts/ensure-build.mjs'); m.ensureBuild();"],
      { cwd: root, env: process.env, encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`the build failed:\n${res.stdout}\n${res.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return testDistDir;
}
