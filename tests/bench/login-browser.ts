/**
 * The sign-in screen on a first visit, as a phone sees it, in real Chromium against the production
 * build and the real server: how many script files the page itself loads and their size at
 * gzip level 9, and the paint timings. Prints; asserts nothing (the goals are in docs/performance.md).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { startBenchServer } from './lib';
import { CHROME_ARGS, CHROME_PATH } from './replay-browser';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Records as `globalThis[key]` when `selector` is first drawn: the frame after it entered the
 * page (the first contentful paint may be a spinner that comes before it).
 */
export async function markOnScreen(context: BrowserContext, selector: string, key: string): Promise<void> {
  // tsx keeps function names with a `__name` helper that page functions would otherwise miss.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(([sel, name]) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(sel)) return;
      seen.disconnect();
      requestAnimationFrame(() => requestAnimationFrame((at) => {
        (globalThis as unknown as Record<string, number>)[name] = at;
      }));
    });
    seen.observe(document, { childList: true, subtree: true });
  }, [selector, key] as const);
}

export async function loginBrowserBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    // A fresh context is a first visit: empty HTTP cache, no service worker yet.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await markOnScreen(context, 'input[type="email"]', 'formOnScreen');
    const page = await context.newPage();
    const sizes: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(server.baseUrl)) return;
      sizes.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /log ?in|sign in/i }).first().waitFor();
    const scripts = await Promise.all(sizes);
    const paint = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)])));
    const form = await page.evaluate(() => Math.round((globalThis as unknown as { formOnScreen?: number }).formOnScreen ?? Number.NaN));
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    await context.close();
    return [
      { case: '/login first visit: scripts the page loads (gzip -9)', value: kb(total), detail: `${scripts.length} files` },
      { case: '/login first contentful paint', value: `${paint['first-contentful-paint'] ?? '?'} ms`, detail: 'localhost, no throttling' },
      { case: '/login the form on screen', value: `${form} ms`, detail: 'the frame after the e-mail box entered the page' },
      ...scripts.sort((a, b) => b.gzip - a.gzip).map((s) => ({ case: `  ${s.url}`, value: kb(s.gzip), detail: '' })),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
