/**
 * Builds the app once, starts the real server on a free port with a fresh data directory,
 * and hands its address to the tests. The server is stopped (and its data removed) afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startHaven } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The production build the servers serve, for a test that runs a server of its own. */
    dist: string;
  }
}

const ROOT = new URL('../..', import.meta.url).pathname;
const ADMIN_EMAIL = 'admin@haven.e2e';
const ADMIN_PASSWORD = 'admin-e2e-password';

/** Where the build goes: E2E_DIST lets several suites run side by side without sharing one dist/. */
const DIST = process.env.E2E_DIST ?? join(ROOT, 'dist');

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // vitest sets NODE_ENV=test, which would give a development React build: test what ships.
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'], {
      cwd: ROOT, stdio: 'inherit', timeout: 180_000, env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-e2e-'));
  const server = await startHaven({
    port: await freePort(), dataDir: join(dataDir, 'data'), dist: DIST, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseURL', server.baseURL);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dist', DIST);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
