import { defineConfig } from 'vitest/config';

/**
 * One project per suite (DESIGN section 9). `pg` is the server suite again, on the PostgreSQL
 * in TEST_DATABASE_URL; tests/server/harness picks the database from that variable.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'pg',
          include: ['tests/server/**/*.test.ts', 'tests/pg/**/*.test.ts'],
          exclude: ['tests/server/pglite-*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The client (jsdom) and e2e (real Chromium) projects keep their own configs.
      'tests/*/vitest.config.ts',
    ],
  },
});
