#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest), then the race tests again against a PostgreSQL server
// when one answers (a second engine for the tests that race transactions), then
// browser tests (Playwright with Debian's Chromium), then one closing line that counts them all:
// "Tests: N passed, N failed, N skipped".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuild, root } from './ensure-build.mjs';

const args = process.argv.slice(2);
const only = args.includes('--e2e-only') ? 'e2e' : args.includes('--unit-only') ? 'unit' : null;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const results = process.env.TEST_RESULTS_DIR ? join(root, process.env.TEST_RESULTS_DIR) : join(root, 'test-results');
// Anything else on the command line (file filters, -g PATTERN) goes to the runners.
const passThrough = args.filter((a) => a !== '--e2e-only' && a !== '--unit-only');
mkdirSync(results, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRun = false;
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Tests whose title says this race each other's transactions: run again on the PostgreSQL server. */
const RACE_TITLE = 'a real race: runs on the embedded server and again on the PostgreSQL server';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (only !== 'e2e') {
  const out = join(results, 'unit.json');
  rmSync(out, { force: true });
  const res = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...passThrough], { cwd: root, stdio: 'inherit' });
  const report = readJson(out);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (res.status !== 0 || !report) {
    failedRun = true;
    if (!report) totals.failed += 1;
  }
}

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// Only for a whole run: a run narrowed to some files skips it.
if (only !== 'e2e' && passThrough.length === 0) {
  const shown = pgUrl.replace(/\/\/[^@/]*@/, '//…@');
  if (!(await postgresAnswers(pgUrl))) {
    console.log(`\n== No PostgreSQL server answers at ${shown}: the race tests ran on the embedded server only ==\n`);
  } else {
    console.log(`\n== Race tests again against PostgreSQL at ${shown} (tests titled "…${RACE_TITLE}") ==\n`);
    const out = join(results, 'unit-postgres.json');
    rmSync(out, { force: true });
    const res = spawnSync(bin('vitest'), ['run', 'tests/api', '-t', RACE_TITLE, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: pgUrl },
    });
    const report = readJson(out);
    // The other tests are filtered out, not skipped: only the race tests count here.
    if (report) {
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
    }
    if (res.status !== 0 || !report || report.numPassedTests + report.numFailedTests === 0) {
      failedRun = true;
      if (!report || report.numPassedTests + report.numFailedTests === 0) totals.failed += 1;
    }
  }
}

if (only !== 'unit') {
  if (!existsSync(chromium)) {
    console.log(`\n!!!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium} (apt-get install chromium; .ci/run installs it) !!!!!\n`);
  } else {
    ensureBuild();
    const out = join(results, 'e2e.json');
    rmSync(out, { force: true });
    const res = spawnSync(bin('playwright'), ['test', ...passThrough], { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_RESULTS_DIR: results } });
    const report = readJson(out);
    if (report?.stats) {
      totals.passed += report.stats.expected;
      totals.failed += report.stats.unexpected + report.stats.flaky;
      totals.skipped += report.stats.skipped;
    }
    if (res.status !== 0 || !report) {
      failedRun = true;
      if (!report) totals.failed += 1;
    }
  }
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);
