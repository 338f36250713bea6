import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) need nothing; integration tests (*.int.test.ts) get a seeded database
// per file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/**/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'test/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: ['test/console-guard.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['packages/**/src/**/*.int.test.ts', 'apps/**/src/**/*.int.test.ts'],
          // *.pg.int.test.ts test what only PostgreSQL has (roles): collected with TEST_DATABASE_URL alone
          exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.int.test.ts'])],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/console-guard.ts'],
          // the longest (a real server's first start) takes 35 s on a quiet machine
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // files share a worker's imported modules (each still opens its own database copy)
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/console-guard.ts'],
          // two files share two cores with their browsers and servers: a flow that takes 5 s alone
          // took over 30 s once on a busy machine, and the longest journeys take 30 s on a quiet one;
          // a hang still fails, at two minutes
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // a page's next data may take seconds on a busy machine: polls wait for it, tests stay untimed
          expect: { poll: { timeout: 20_000 } },
          pool: 'forks',
          // two files at once: a file's browser and server leave most of a core idle while pages load
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
