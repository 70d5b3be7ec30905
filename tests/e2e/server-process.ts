/**
 * The real server (src/server/main.ts) as a process of its own, serving the production build:
 * the suite's shared one (global-setup.ts) and any a test needs to stop and start itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverEntry } from '../../scripts/build-server.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

export function freePort(): Promise<number> {
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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, logName: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see test-results/${logName}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`);
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  dist: string;
  adminEmail: string;
  adminPassword: string;
  env?: Record<string, string>;
}

export interface HavenProcess {
  baseURL: string;
  /** SIGTERM (a graceful stop), SIGKILL after 10 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** Starts the server and resolves once /api/health answers 200. Its log is test-results/e2e-server-<port>.log (appended). */
export async function startHaven(options: ServerOptions): Promise<HavenProcess> {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const logName = `e2e-server-${options.port}.log`;
  const log = createWriteStream(join(ROOT, 'test-results', logName), { flags: 'a' });
  // Node itself, not through npx: the child is the server, so its exit means the server is gone
  // (data folder lock released), which a restart on the same DATA_DIR waits for.
  const child = spawn(process.execPath, [serverEntry(ROOT)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      CLIENT_DIST: options.dist,
      ADMIN_EMAIL: options.adminEmail,
      ADMIN_PASSWORD: options.adminPassword,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNUP_MAX: '1000',
      RATE_LIMIT_REFERRAL_MAX: '1000',
      RATE_LIMIT_LOGIN_PAIR_MAX: '1000',
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1000',
      RATE_LIMIT_LOGIN_ADDRESS_MAX: '1000',
      ...options.env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${options.port}`;
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
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
  };
  try {
    await waitForHealth(baseURL, child, 90_000, logName);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
