/**
 * The sign-in screen on a first visit, as a phone sees it, in real Chromium against the production
 * build and the real server: how many script files the page itself loads and their size at
 * gzip level 9, and the paint timings (medians of several first visits). With OLD_APP_DIST the old
 * app's /login is visited in turn with Haven's. Prints; asserts nothing (the goals are in
 * docs/performance.md).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { SLOW_4G, inTurn, median, startBenchServer } from './lib';
import { OLD_APP_DIST, OLD_APP_NOT_GIVEN, startOldApp, type OldApp } from './old-app';
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
        // Said on the console too, so a bench can wait for it without evaluating anything in the page
        // (playwright's polling injects its own script, a long task of its own on a slowed CPU).
        console.debug(`haven-bench:${name}`);
      }));
    });
    seen.observe(document, { childList: true, subtree: true });
  }, [selector, key] as const);
}

/** Visits: the form's time is the median of these first visits, alternating with the old app's. */
const VISITS = 5;

interface FirstVisit {
  scripts: { url: string; gzip: number }[];
  fcp: number;
  form: number;
}

/**
 * One first visit to `${baseUrl}/login`: a fresh context, so an empty HTTP cache and no service
 * worker yet. `slow`: as a phone on slow 4G with a CPU 4× slower sees it.
 */
async function firstVisit(browser: Browser, baseUrl: string, slow = false): Promise<FirstVisit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await markOnScreen(context, 'input[type="email"]', 'formOnScreen');
    const page = await context.newPage();
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const sizes: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(baseUrl)) return;
      sizes.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /log ?in|sign in/i }).first().waitFor();
    const scripts = await Promise.all(sizes);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    const drawn = await page.evaluate(() => (globalThis as unknown as { formOnScreen?: number }).formOnScreen ?? Number.NaN);
    // A form written into the page enters it before anything is painted; it is on screen with the first paint.
    return { scripts, fcp, form: Math.max(drawn, fcp) };
  } finally {
    await context.close();
  }
}

const spread = (xs: number[]) => `median of ${xs.length}: ${xs.map((x) => Math.round(x)).join(', ')}`;

export async function loginBrowserBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  let oldApp: OldApp | undefined;
  let browser: Browser | undefined;
  try {
    oldApp = OLD_APP_DIST ? await startOldApp(OLD_APP_DIST, server.baseUrl) : undefined;
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
    const sites = [{ label: '/login', baseUrl: server.baseUrl }, ...(oldApp ? [{ label: 'old app /login', baseUrl: oldApp.baseUrl }] : [])];
    const visits = sites.map((): FirstVisit[] => []);
    const slowVisits = sites.map((): FirstVisit[] => []);
    for (let visit = 0; visit < VISITS; visit += 1) {
      for (const [index, site] of inTurn(sites, visit)) visits[index]!.push(await firstVisit(browser, site.baseUrl));
    }
    for (let visit = 0; visit < VISITS; visit += 1) {
      for (const [index, site] of inTurn(sites, visit)) slowVisits[index]!.push(await firstVisit(browser, site.baseUrl, true));
    }
    if (!oldApp) console.log(`login: ${OLD_APP_NOT_GIVEN}`);
    return sites.flatMap(({ label }, index) => {
      const [first] = visits[index]!;
      const scripts = first!.scripts;
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const fcps = visits[index]!.map((v) => v.fcp);
      const forms = visits[index]!.map((v) => v.form);
      const slowForms = slowVisits[index]!.map((v) => v.form);
      return [
        { case: `${label} first visit: scripts the page loads (gzip -9)`, value: kb(total), detail: `${scripts.length} files` },
        { case: `${label} first contentful paint`, value: `${Math.round(median(fcps))} ms`, detail: `localhost, no throttling; ${spread(fcps)}` },
        { case: `${label} the form on screen`, value: `${Math.round(median(forms))} ms`, detail: `the frame after the e-mail box entered the page, not before the first paint; ${spread(forms)}` },
        { case: `${label} the form on screen, slow 4G and CPU 4×`, value: `${Math.round(median(slowForms))} ms`, detail: spread(slowForms) },
        ...scripts.sort((a, b) => b.gzip - a.gzip).map((s) => ({ case: `  ${s.url}`, value: kb(s.gzip), detail: '' })),
      ];
    });
  } finally {
    await browser?.close();
    await oldApp?.close();
    await server.close();
  }
}
