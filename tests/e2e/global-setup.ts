/**
 * Builds the app once, starts the real server on a free port with a fresh data directory,
 * and hands its address to the tests. The server is stopped (and its data removed) afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const ROOT = new URL('../..', import.meta.url).pathname;
const ADMIN_EMAIL = 'admin@haven.e2e';
const ADMIN_PASSWORD = 'admin-e2e-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see test-results/e2e-server-<port>.log`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`);
}

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
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-e2e-'));
  const port = await freePort();
  const log = createWriteStream(join(ROOT, 'test-results', `e2e-server-${port}.log`));
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      CLIENT_DIST: DIST,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNUP_MAX: '1000',
      RATE_LIMIT_REFERRAL_MAX: '1000',
      RATE_LIMIT_LOGIN_PAIR_MAX: '1000',
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1000',
      RATE_LIMIT_LOGIN_ADDRESS_MAX: '1000',
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return stop;
}
