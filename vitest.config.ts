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
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // a page's next data may take seconds on a busy machine: polls wait for it, tests stay untimed
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
