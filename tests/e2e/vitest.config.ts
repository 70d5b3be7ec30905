import { defineProject } from 'vitest/config';

/** Real Chromium against the production build (docs/architecture.md section 7). Slow by nature: one file at a time. */
export default defineProject({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
