import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One project per suite (docs/architecture.md section 7). `pg` is the server suite again, on the
 * PostgreSQL in TEST_DATABASE_URL; tests/server/harness picks the database from that variable.
 * `npm test` leaves the long runs out and `npm run test:long` runs them (scripts/run-tests.mjs).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where the
    // server files often wait on sockets, PGlite and timers. Two workers at least (measured on 2 cores:
    // npm test went from 133 s to 76 s with this, the threads pools below and the long runs split out).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure TypeScript: worker threads start faster than processes. Still one fresh worker per file.
          pool: 'threads',
          // The crisis-detector runs over whole datasets: about 2 s alone, over 9 s on a busy 2-core CI machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // The default pool (a process per file), not threads: argon2 and sharp are native addons,
          // and a native crash in a thread would take the whole run down.
          // One process per worker for all its files (no fresh module graph per file): the files
          // share nothing but the imports (each builds its own server and database), and importing
          // Fastify, drizzle, sharp and argon2 once per worker instead of once per file halved the run.
          isolate: false,
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
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run test:cluster`: the real server as processes behind HAProxy (scripts/cluster),
          // killed, restarted and cut off from PostgreSQL (TEST_DATABASE_URL) while clients talk.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          globalSetup: ['tests/cluster/global-setup.ts'],
          environment: 'node',
          // One cluster at a time: two would share the 2 cores and each other's timings.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      // The client (jsdom) and e2e (real Chromium) projects keep their own configs.
      'tests/*/vitest.config.ts',
    ],
  },
});
