import { configDefaults, defineConfig } from 'vitest/config';

/** The client's date code runs in the visitor's zone: these have daylight saving, and London sits ahead of UTC half the year. */
const CLIENT_ZONES = ['America/Los_Angeles', 'Europe/London'];
const CLIENT_TESTS = ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
          // The fault suite starts real servers and breaks them on purpose: `npm run test:faults`.
          exclude: [...configDefaults.exclude, 'tests/faults/**'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      ...CLIENT_ZONES.map((zone) => ({
        extends: true as const,
        test: { name: `client ${zone}`, include: CLIENT_TESTS, env: { TZ: zone } },
      })),
    ],
  },
});
