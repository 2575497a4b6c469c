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
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/**/*.test.ts'],
          // The fault suite starts real servers and breaks them on purpose: `npm run test:faults`.
          exclude: [...configDefaults.exclude, 'tests/faults/**'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TZ: process.env.TZ ?? 'UTC' },
          // A worker keeps the modules it loaded from one file to the next: importing the server
          // for each of 60 API files was half of their run time (139 s -> 85 s against a server).
          // Each file still builds its own app on its own database; none of these files mocks a
          // module (the client's tests, which do, stay isolated below).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'client', include: CLIENT_TESTS, env: { TZ: process.env.TZ ?? 'UTC' } },
      },
      ...CLIENT_ZONES.map((zone) => ({
        extends: true as const,
        test: { name: `client ${zone}`, include: CLIENT_TESTS, env: { TZ: zone } },
      })),
    ],
  },
});
