/**
 * First paint without the network (docs/performance.md), in real Chromium against the production
 * build: the sign-in screen and a returning person's own screens render while GET /api/auth/check
 * is still unanswered; the answer then refines them. The sign-in screen loads neither the sync
 * engine's database nor the socket. Someone signed in has the check asked beside the start-up script.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { baseURL, expectPath, signUpApi, useBrowser } from './browser';
import { signedInUser } from './offline-helpers';

/** Holds every session check until `release` answers it (the real answer, or a 401). */
async function holdSessionCheck(page: Page) {
  const held: Route[] = [];
  await page.route('**/api/auth/check', (route) => {
    held.push(route);
  });
  return {
    count: () => held.length,
    async release(status?: number) {
      for (const route of held.splice(0)) {
        if (status) await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' }) });
        else await route.continue();
      }
      await page.unroute('**/api/auth/check');
    },
  };
}

describe('first paint does not wait for the session check', () => {
  const browser = useBrowser();

  it('a new visitor gets the sign-in form at once: no session check (no cookie to check), no engine, Dexie or socket', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectPath(page, '/login');
    // Get Help's crisis lines are fetched (a person in danger must find help here too); nothing else.
    expect(requests.filter((p) => (p.startsWith('/api/') && p !== '/api/safety/resources') || p.startsWith('/socket.io'))).toEqual([]);
    expect(errors).toEqual([]);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases.filter((n) => n?.startsWith('haven-'))).toEqual([]);
  });

  it('a stale session hint is checked once (401) and dropped, so the next start asks nothing', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'haven_signed_in', value: '1', url: baseURL() }]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/check'));
    await page.goto('/login');
    expect((await answer).status()).toBe(401);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'haven_signed_in')).toBe(false);
  });

  it('a signed-in first visit asks the session check once, named in the shell\'s header before the start-up script is asked for', async () => {
    const helper = await browser.open();
    const page = await browser.open({ width: 390, height: 844 });
    const person = await signedInUser(page.context(), helper.context());
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${person.user.fullName}` }).waitFor();
    const checks = asked.flatMap((p, at) => (p === '/api/auth/check' ? [at] : []));
    const startUp = asked.findIndex((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
    // One request: the app's own call took the header's answer (a mismatch would ask again).
    expect(checks).toHaveLength(1);
    expect(startUp).toBeGreaterThan(-1);
    expect(checks[0]).toBeLessThan(startUp);
  });

  it('a signed-in first visit draws the dashboard before it asks for the live connection\'s client or the notifications module, then connects', async () => {
    const helper = await browser.open();
    const page = await browser.open({ width: 390, height: 844 });
    await signedInUser(page.context(), helper.context());
    // When the dashboard's cards entered the page, on the page's own clock (the resources' clock).
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('main a.card')) return;
        seen.disconnect();
        (globalThis as unknown as { cardsAt: number }).cardsAt = performance.now();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const late = /\/assets\/(socket|device)-[\w-]+\.js$/;
    const asked = ['socket', 'device'].map((what) => page.waitForRequest((r) => late.test(new URL(r.url()).pathname) && r.url().includes(what)));
    const live = page.waitForEvent('websocket');
    await page.goto('/dashboard');
    await Promise.all([...asked, live]);
    const timing = await page.evaluate((source) => {
      const pattern = new RegExp(source);
      return {
        cardsAt: (globalThis as unknown as { cardsAt?: number }).cardsAt ?? Number.NaN,
        asked: performance.getEntriesByType('resource').filter((e) => pattern.test(new URL(e.name).pathname)).map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
      };
    }, late.source);
    expect(timing.cardsAt).toBeGreaterThan(0);
    expect(timing.asked.map((r) => r.path.replace(/-[\w-]+\.js$/, '.js')).sort()).toEqual(['/assets/device.js', '/assets/socket.js']);
    for (const r of timing.asked) expect({ path: r.path, after: r.at > timing.cardsAt }).toEqual({ path: r.path, after: true });
  });

  it('a returning person sees their own dashboard while the check is unanswered; the answer keeps it', async () => {
    const helper = await browser.open();
    const page = await browser.open({ width: 390, height: 844 });
    const person = await signedInUser(page.context(), helper.context());
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${person.user.fullName}` }).waitFor();
    const check = await holdSessionCheck(page);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${person.user.fullName}` }).waitFor();
    expect(check.count()).toBe(1);
    await check.release();
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await expectPath(page, '/dashboard');
  });

  it('a returning person whose session ended is sent to the sign-in form when the answer comes', async () => {
    const helper = await browser.open();
    const page = await browser.open({ width: 390, height: 844 });
    await signedInUser(page.context(), helper.context());
    await page.goto('/diary');
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    const check = await holdSessionCheck(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await check.release(401);
    await expectPath(page, '/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('a session cookie with nobody remembered waits for the check (the spinner), then follows the answer', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const person = await signUpApi(page.context(), 'therapist');
    const check = await holdSessionCheck(page);
    const screenFile = page.waitForRequest((r) => /\/assets\/settings-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await page.goto('/settings');
    await page.getByRole('status').filter({ hasText: /loading/i }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    // The screen's own file is fetched beside the check, not after its answer (main.tsx).
    await screenFile;
    expect(check.count()).toBe(1);
    await check.release();
    // A pending professional with a live cookie: /settings is one of the screens they may open.
    expect(person.user.status).toBe('pending');
    await page.getByRole('heading', { name: 'Theme' }).waitFor();
    await expectPath(page, '/settings');
  });
});
