import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the built server as a child process, killed, starved of its database
 * and mail server on purpose (tests/faults). Apart from `npm test`, which it would slow down.
 * One file at a time: each case times recoveries on a small machine and must not compete with
 * another case's load.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    env: { TZ: process.env.TZ ?? 'UTC' },
  },
});
