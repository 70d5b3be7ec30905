/**
 * /dashboard signed in, on a first visit (the session cookie, nothing on the device yet), as a
 * phone on a slow network feels it: real Chromium, the production build and the real server, with
 * Chrome itself adding 150 ms to each request and holding downloads to 1.6 Mbit/s (the round trip
 * and speed Lighthouse's simulated slow 4G assumes; DevTools' own slow 4G preset adds 562.5 ms, so
 * this is the milder of the two) and slowing the CPU 4×. Prints the medians of RUNS visits; asserts nothing.
 */
import { chromium, type Browser } from 'playwright-core';
import { SLOW_4G, median, startBenchServer } from './lib';
import { markOnScreen } from './login-browser';
import { CHROME_ARGS, CHROME_PATH, post, verifiedPro } from './replay-browser';

const RUNS = Number(process.env.DASHBOARD_RUNS ?? 5);
/** How long after the cards show the long tasks are still counted (the sync engine's first work). */
const SETTLE_MS = 5000;

/** A signed-up person's cookies, made in a throwaway context. */
export async function signedInCookies(browser: Browser, baseURL: string) {
  const stamp = Date.now().toString(36);
  const { admin, referralCode } = await verifiedPro(browser, baseURL, stamp);
  await admin.close();
  const context = await browser.newContext({ baseURL });
  await post(context, '/api/auth/signup', { fullName: `Visitor ${stamp}`, email: `visitor-${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode });
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

interface Visit { cards: number; fcp: number; blocking: number; longest: number }

async function visit(browser: Browser, baseURL: string, cookies: Awaited<ReturnType<typeof signedInCookies>>): Promise<Visit> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await context.addCookies(cookies);
    await markOnScreen(context, 'main a.card', 'cardsOnScreen');
    // Every long task from the start: what a tap would have waited behind.
    await context.addInitScript(() => {
      const w = globalThis as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Waiting on the console, not by polling the page: playwright's polling would add a long task of
    // its own (its injected script, about 0.1 s at this CPU) in the middle of the load it measures.
    const cards = page.waitForEvent('console', { predicate: (m) => m.text() === 'haven-bench:cardsOnScreen', timeout: 120_000 });
    // A failed navigation rejects below; the wait is then left behind, handled rather than unhandled.
    cards.catch(() => {});
    await page.goto('/dashboard');
    await cards;
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => {
      const w = globalThis as unknown as { cardsOnScreen: number; longTasks: number[] };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return {
        cards: w.cardsOnScreen,
        fcp,
        blocking: w.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
        longest: Math.max(0, ...w.longTasks),
      };
    });
  } finally {
    await context.close();
  }
}

export async function dashboardBrowserBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const cookies = await signedInCookies(browser, server.baseUrl);
    const visits: Visit[] = [];
    for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, server.baseUrl, cookies));
    const row = (label: string, pick: (v: Visit) => number, detail: string) => ({
      case: `/dashboard signed in, first visit: ${label}`, value: `${Math.round(median(visits.map(pick)))} ms`,
      detail: `${detail}; runs: ${visits.map((v) => Math.round(pick(v))).join(', ')}`,
    });
    return [
      row('first contentful paint', (v) => v.fcp, '150 ms a request, 1.6 Mbit/s, CPU 4× slower'),
      row('the cards on screen', (v) => v.cards, 'the frame after the cards entered the page'),
      row('blocking time', (v) => v.blocking, `long tasks' time over 50 ms each, until ${SETTLE_MS / 1000} s after the cards`),
      row('longest task', (v) => v.longest, ''),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
