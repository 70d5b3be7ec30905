/**
 * Lighthouse 12's mobile audit of /login (its default: a mid-range phone on slow 4G, simulated
 * throttling) against the production build and the real server, in the system Chromium. Nothing
 * is downloaded: lighthouse is a dev dependency and chrome-launcher starts /usr/bin/chromium.
 * Runs the audit RUNS times and prints each score's median, since single runs wander. With
 * OLD_APP_DIST (old-app.ts), the old app's /login is audited in the same runs, alternating.
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
import { inTurn, median, startBenchServer } from './lib';
import { OLD_APP_DIST, OLD_APP_NOT_GIVEN, startOldApp, type OldApp } from './old-app';
import { signedInCookies } from './dashboard-browser';
import { CHROME_ARGS, CHROME_PATH } from './replay-browser';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

type Audit = (flags: Flags) => Promise<Awaited<ReturnType<typeof lighthouse>>>;

/** One page to audit: its label in the table, its address, and how to run Lighthouse on it. */
interface Target {
  label: string;
  url: string;
  audit: Audit;
}

/**
 * RUNS audits of each target, the targets taking turns within each run (so a machine that slows
 * down mid-bench slows all of them alike); answers each target's medians as rows, and with two
 * targets how many runs the first scored above the second.
 */
async function audits(targets: Target[]): Promise<Record<string, string>[]> {
  const scores = targets.map((): Record<string, number[]> => ({}));
  const metrics = targets.map((): Record<string, { values: number[]; unit: string }> => ({}));
  const performance = targets.map((): (number | undefined)[] => []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, { label, url, audit }] of inTurn(targets, run)) {
      const result = await audit({ output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // A trace lost on a busy machine (NO_NAVSTART): said, and left out of the medians.
        console.log(`lighthouse ${label} run ${run + 1}: no result (${lhr?.runtimeError?.code ?? 'no report'})`);
        performance[index]!.push(undefined);
        continue;
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${label}: ended on ${lhr.finalDisplayedUrl}`);
      // LIGHTHOUSE_REPORT=file.json keeps the last run's whole report for a closer look.
      if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
      for (const c of CATEGORIES) (scores[index]![c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      performance[index]!.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      for (const m of METRICS) {
        const entry = (metrics[index]![m] ??= { values: [], unit: lhr.audits[m]?.numericUnit ?? '' });
        entry.values.push(lhr.audits[m]?.numericValue ?? Number.NaN);
      }
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) => lhr.categories[c]!.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`));
      if (failing.length > 0) console.log(`lighthouse ${label} run ${run + 1}: audits not passed: ${failing.join(', ')}`);
    }
  }
  const format = (m: string, v: number, unit: string) => (unit === 'millisecond' ? `${Math.round(v)} ms` : m === 'cumulative-layout-shift' ? v.toFixed(3) : String(v));
  const rows = targets.flatMap(({ label }, index) => [
    ...CATEGORIES.map((c) => ({ case: `Lighthouse mobile ${label}: ${c}`, value: String(median(scores[index]![c] ?? [])), detail: `runs: ${(scores[index]![c] ?? []).join(', ')}` })),
    ...METRICS.map((m) => {
      const entry = metrics[index]![m];
      return { case: `  ${m}`, value: entry ? format(m, median(entry.values), entry.unit) : '-', detail: 'median, simulated slow 4G' };
    }),
  ]);
  if (targets.length === 2) {
    const pairs = performance[0]!.map((own, run) => [own, performance[1]![run]] as const).filter((pair): pair is readonly [number, number] => pair.every((v) => v !== undefined));
    const ahead = pairs.filter(([own, other]) => own > other).length;
    const level = pairs.filter(([own, other]) => own === other).length;
    rows.push({ case: `${targets[0]!.label} ahead of ${targets[1]!.label} (performance, same run)`, value: `${ahead} of ${pairs.length} runs`, detail: `level in ${level}` });
  }
  return rows;
}

export async function lighthouseBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  let oldApp: OldApp | undefined;
  const rows: Record<string, string>[] = [];
  try {
    oldApp = OLD_APP_DIST ? await startOldApp(OLD_APP_DIST, server.baseUrl) : undefined;
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
    });
    try {
      // Each run is a first visit: Lighthouse clears the origin's storage and cache before loading.
      const target = (label: string, url: string): Target => ({ label, url, audit: (flags) => lighthouse(url, { ...flags, port: chrome.port }) });
      const targets = [target('/login', `${server.baseUrl}/login`)];
      if (oldApp) targets.push(target('old app /login', `${oldApp.baseUrl}/login`));
      else console.log(`lighthouse: ${OLD_APP_NOT_GIVEN}`);
      rows.push(...await audits(targets));
    } finally {
      await chrome.kill();
    }
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
    const cookies = await signedInCookies(browser, server.baseUrl).finally(() => browser.close());
    const dashboard = `${server.baseUrl}/dashboard`;
    // Each run a new browser profile holding only the person's cookies: a first visit, signed in.
    const firstVisitSignedIn: Audit = async (flags) => {
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
    };
    rows.push(...await audits([{ label: '/dashboard signed in', url: dashboard, audit: firstVisitSignedIn }]));
  } finally {
    await oldApp?.close();
    await server.close();
  }
  return rows;
}
