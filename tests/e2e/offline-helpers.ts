/** Helpers for the offline/PWA browser tests: a verified-referral user, service-worker waits, a redeploy. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { baseURL, loginAdminApi, signUpApi, verifyApi, WAIT, type Person } from './browser';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The same directory global-setup built into and the server serves. */
export const DIST = process.env.E2E_DIST ?? join(ROOT, 'dist');

/** A regular (not pending) user, signed in inside `context`: a therapist is verified for the referral code. */
export async function signedInUser(context: BrowserContext, helper: BrowserContext): Promise<Person> {
  const therapist = await signUpApi(helper, 'therapist');
  await loginAdminApi(helper);
  const { referralCode } = await verifyApi(helper, therapist.user._id);
  return signUpApi(context, 'user', referralCode);
}

/** Waits (bounded) until a service worker controls the page; `ready` alone never settles if registration failed. */
export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: WAIT * 2 });
}

/**
 * A new deploy: a changed file in the build (so the precache list, and with it sw.js, changes)
 * and a fresh build into the directory being served. Old files stay, as on a real server.
 */
export function redeploy(version: string): void {
  writeFileSync(join(DIST, 'e2e-version.txt'), version);
  const script = `import { build } from 'vite';
await build({ root: ${JSON.stringify(ROOT)}, configFile: ${JSON.stringify(join(ROOT, 'vite.config.ts'))}, logLevel: 'warn',
  build: { outDir: ${JSON.stringify(DIST)}, emptyOutDir: false } });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit', timeout: 180_000, env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`the rebuild failed (${result.status ?? result.signal})`);
}

/**
 * A non-incognito Chromium profile (a temporary user-data dir): Chromium reports every
 * incognito context, which Playwright's contexts are, as not installable ('in-incognito').
 */
export async function persistentContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'haven-pwa-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL: baseURL(),
    timeout: 60_000,
  });
  context.setDefaultTimeout(WAIT);
  return {
    context,
    close: async () => {
      await context.close().catch(() => null);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
