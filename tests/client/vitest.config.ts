import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'client',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/client/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/client/setup.ts'],
    // jsdom and fake-indexeddb only (no native addons): worker threads start faster than processes,
    // and each file still gets a fresh worker with its own jsdom and IndexedDB.
    pool: 'threads',
    // Generous for a busy 2-core CI machine; a passing test still ends as soon as it is done.
    testTimeout: 30_000,
  },
});
