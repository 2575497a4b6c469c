import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_PORT } from './e2e/config';

// A fresh database for every run, so tests start from the seeded demo content only. The
// runner's process makes it (workers load this file too and inherit it) and removes it at exit,
// after the web server has stopped.
const ownsDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'site-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
if (ownsDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const resultsDir = process.env.TEST_RESULTS_DIR ?? 'test-results';

/**
 * Specs that change what every page shows (the business's facts, hours, services, testimonials,
 * the schedule's settings, published reviews) run after all the others, so no page under test changes under it.
 */
const SETTINGS_SPECS = ['**/admin-business.spec.ts', '**/admin-content.spec.ts', '**/admin-schedule.spec.ts', '**/owner-pages.spec.ts', '**/reviews.spec.ts'];
/**
 * Specs that save the schedule form whole (crews, their sizes, buffer, ZIP codes) while changing
 * the price list: after the settings specs, so admin-schedule.spec's crews are never overwritten
 * under it.
 */
const AFTER_SETTINGS_SPECS = ['**/admin-prices.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: join(resultsDir, 'artifacts'),
  reporter: [['list'], ['json', { outputFile: join(resultsDir, 'e2e.json') }]],
  projects: [
    { name: 'site', testIgnore: [...SETTINGS_SPECS, ...AFTER_SETTINGS_SPECS] },
    { name: 'settings', testMatch: SETTINGS_SPECS, dependencies: ['site'] },
    { name: 'after-settings', testMatch: AFTER_SETTINGS_SPECS, dependencies: ['settings'] },
  ],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ${join(process.env.DIST_DIR ?? 'dist', 'server', 'main.js')}`,
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The app stops its embedded PostgreSQL server on SIGTERM; a SIGKILL (Playwright's default)
    // would leave that server running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_BASE_URL,
      PAYMENTS: 'demo',
      RATE_LIMIT_SCALE: '50',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_EMAILS: 'owner@e2e.test',
      // admin-schedule.spec.ts adds a calendar feed served on 127.0.0.1.
      ICS_ALLOW_PRIVATE_HOSTS: 'true',
    },
  },
});
