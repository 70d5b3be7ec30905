/**
 * The real entry point as `npm start` runs it (built, scripts/build-server.mjs): a child process on
 * PGlite under a fresh DATA_DIR.
 * (Left out of the pg project: this is about the embedded default.)
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../../scripts/build-server.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

const dataDir = mkdtempSync(join(tmpdir(), 'haven-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function boot(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [serverEntry(ROOT)], {
    env: { ...process.env, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'warn', ...env },
  });
  let text = '';
  child.stdout.on('data', (d) => { text += d; });
  child.stderr.on('data', (d) => { text += d; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

async function waitFor(output: () => string, pattern: RegExp, ms = 30_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const m = output().match(pattern);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern}; output:\n${output()}`);
}

describe('src/server/main.ts', () => {
  it('prints where it runs and a one-time admin password that works, and stops cleanly on SIGTERM', async () => {
    const first = boot({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const [, url] = await waitFor(first.output, /Haven is running at (http:\/\/\S+)/);
    const [, email, password] = await waitFor(first.output, /Admin sign-in: (\S+) \/ (\S+)/);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).role).toBe('admin');
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = boot({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    await waitFor(second.output, /Admin sign-in: /);
    expect(second.output()).not.toContain(password!);
    expect(second.output()).toContain(`Admin sign-in: ${email} (password from ADMIN_PASSWORD`);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('refuses a bad setting with a message naming it, and exits 1', async () => {
    const bad = boot({ DATA_DIR: dataDir, PORT: 'abc', TRUST_PROXY: 'maybe' });
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toMatch(/PORT: must be a port number/);
    expect(bad.output()).toMatch(/TRUST_PROXY: must be true or false/);
  });
});
