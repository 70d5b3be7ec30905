/**
 * Lighthouse 12's mobile audit of /login (its default: a mid-range phone on slow 4G, simulated
 * throttling) against the production build and the real server, in the system Chromium. Nothing
 * is downloaded: lighthouse is a dev dependency and chrome-launcher starts /usr/bin/chromium.
 * Runs the audit RUNS times and prints each score's median, since single runs wander.
 * Then /dashboard signed in, on a first visit: each run a new browser profile holding only the
 * person's cookies (Lighthouse's own storage reset would sign them out), opened by playwright-core
 * with a debugging port Lighthouse drives.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { median, startBenchServer } from './lib';
import { signedInCookies } from './dashboard-browser';
import { CHROME_ARGS, CHROME_PATH } from './replay-browser';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

/** RUNS audits of one page; answers the medians as rows. */
async function audits(label: string, url: string, audit: (flags: Flags) => Promise<Awaited<ReturnType<typeof lighthouse>>>): Promise<Record<string, string>[]> {
  const scores: Record<string, number[]> = {};
  const metrics: Record<string, { values: number[]; unit: string }> = {};
  for (let run = 0; run < RUNS; run += 1) {
    const result = await audit({ output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) {
      // A trace lost on a busy machine (NO_NAVSTART): said, and left out of the medians.
      console.log(`lighthouse ${label} run ${run + 1}: no result (${lhr?.runtimeError?.code ?? 'no report'})`);
      continue;
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${label}: ended on ${lhr.finalDisplayedUrl}`);
    // LIGHTHOUSE_REPORT=file.json keeps the last run's whole report for a closer look.
    if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
    for (const c of CATEGORIES) (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    for (const m of METRICS) {
      const entry = (metrics[m] ??= { values: [], unit: lhr.audits[m]?.numericUnit ?? '' });
      entry.values.push(lhr.audits[m]?.numericValue ?? Number.NaN);
    }
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) => lhr.categories[c]!.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`));
    if (failing.length > 0) console.log(`lighthouse ${label} run ${run + 1}: audits not passed: ${failing.join(', ')}`);
  }
  const format = (m: string, v: number, unit: string) => (unit === 'millisecond' ? `${Math.round(v)} ms` : m === 'cumulative-layout-shift' ? v.toFixed(3) : String(v));
  return [
    ...CATEGORIES.map((c) => ({ case: `Lighthouse mobile ${label}: ${c}`, value: String(median(scores[c] ?? [])), detail: `runs: ${(scores[c] ?? []).join(', ')}` })),
    ...METRICS.map((m) => ({ case: `  ${m}`, value: metrics[m] ? format(m, median(metrics[m].values), metrics[m].unit) : '-', detail: 'median, simulated slow 4G' })),
  ];
}

export async function lighthouseBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  const rows: Record<string, string>[] = [];
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
    });
    try {
      // Each run is a first visit: Lighthouse clears the origin's storage and cache before loading.
      const login = `${server.baseUrl}/login`;
      rows.push(...await audits('/login', login, (flags) => lighthouse(login, { ...flags, port: chrome.port })));
    } finally {
      await chrome.kill();
    }
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
    const cookies = await signedInCookies(browser, server.baseUrl).finally(() => browser.close());
    const dashboard = `${server.baseUrl}/dashboard`;
    rows.push(...await audits('/dashboard signed in', dashboard, async (flags) => {
      const profile = mkdtempSync(join(tmpdir(), 'haven-lighthouse-'));
      const port = 9300 + Math.floor(Math.random() * 500);
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROME_PATH,
        args: [...CHROME_ARGS.filter((f) => f !== '--headless'), `--remote-debugging-port=${port}`], headless: true,
      });
      try {
        await context.addCookies(cookies);
        return await lighthouse(dashboard, { ...flags, port, disableStorageReset: true });
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }));
  } finally {
    await server.close();
  }
  return rows;
}
