/** Shared helpers for the browser suite: Chromium, people made through the API, waits with timeouts. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { AuthUser, VerifyUserResponse } from '../../src/shared/api';

export const WAIT = 15_000;
const ROOT = new URL('../..', import.meta.url).pathname;

export const baseURL = () => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
}

/**
 * One browser per test file; every page opened through `open` is screenshotted into
 * test-results/ when its test fails.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      const dir = join(ROOT, 'test-results');
      mkdirSync(dir, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await Promise.all(pages.map((p, i) => p.isClosed() ? null : p.screenshot({ path: join(dir, `${name}-${i}.png`), fullPage: true }).catch(() => null)));
    }
    await Promise.all(pages.splice(0).map((p) => p.context().close().catch(() => null)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** `baseURL`: a server of the test's own instead of the suite's. */
    async open(opts: { width?: number; height?: number; theme?: string; baseURL?: string } = {}): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: opts.baseURL ?? baseURL(),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
      });
      context.setDefaultTimeout(WAIT);
      context.setDefaultNavigationTimeout(WAIT * 2);
      if (opts.theme) {
        const theme = opts.theme;
        await context.addInitScript((t) => localStorage.setItem('chat-theme', t), theme);
      }
      const page = await context.newPage();
      // An uncaught error in the app is the first thing to know when a test fails.
      page.on('pageerror', (error) => console.error(`[page ${pages.indexOf(page)}] uncaught:`, error.message));
      pages.push(page);
      return page;
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

export const PASSWORD = 'calm-password-1';

export interface Person {
  user: AuthUser;
  email: string;
  password: string;
}

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs up through the API inside `context`, so its cookie signs the page in too. */
export async function signUpApi(context: BrowserContext, role: 'user' | 'therapist' | 'ngo' | 'volunteer', referralCode = ''): Promise<Person> {
  const email = uniqueEmail(role);
  const fullName = `${role[0]?.toUpperCase()}${role.slice(1)} ${counter}`;
  const res = await context.request.post('/api/auth/signup', {
    data: { fullName, email, password: PASSWORD, role, referralCode },
    timeout: WAIT,
  });
  return { user: await ok<AuthUser>(res, `signup ${role}`), email, password: PASSWORD };
}

export async function loginApi(context: BrowserContext, email: string, password: string): Promise<AuthUser> {
  const res = await context.request.post('/api/auth/login', { data: { email, password }, timeout: WAIT });
  return ok<AuthUser>(res, 'login');
}

export async function loginAdminApi(context: BrowserContext): Promise<AuthUser> {
  return loginApi(context, inject('adminEmail'), inject('adminPassword'));
}

export async function verifyApi(adminContext: BrowserContext, id: string): Promise<VerifyUserResponse> {
  const res = await adminContext.request.post(`/api/admin/verify-user/${id}`, { timeout: WAIT });
  return ok<VerifyUserResponse>(res, 'verify');
}

export async function rejectApi(adminContext: BrowserContext, id: string): Promise<void> {
  const res = await adminContext.request.post(`/api/admin/reject-user/${id}`, { data: {}, timeout: WAIT });
  await ok(res, 'reject');
}

/** Waits until the page's path is `path` (after every redirect) and the session spinner is gone. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: WAIT });
  await page.locator('main').first().waitFor({ state: 'visible', timeout: WAIT });
}

/** The path the app settles on after opening `path`. */
export async function settle(page: Page, path: string): Promise<string> {
  const res = await page.goto(path, { waitUntil: 'load' });
  const type = res?.headers()['content-type'] ?? '';
  if (!res || res.status() !== 200 || !type.includes('text/html')) {
    throw new Error(`the server answered ${res?.status()} ${type} instead of the app for ${path}`);
  }
  await page.locator('main').first().waitFor({ state: 'visible', timeout: WAIT });
  // A <Navigate> may still be in flight: wait until the path has been stable for a moment.
  let last = new URL(page.url()).pathname;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = new URL(page.url()).pathname;
    if (now === last && i >= 2) break;
    last = now;
  }
  return new URL(page.url()).pathname;
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: WAIT });
}
