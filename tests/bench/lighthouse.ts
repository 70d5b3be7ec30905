/**
 * Lighthouse 12's mobile audit of /login (its default: a mid-range phone on slow 4G, simulated
 * throttling) against the production build and the real server, in the system Chromium. Nothing
 * is downloaded: lighthouse is a dev dependency and chrome-launcher starts /usr/bin/chromium.
 * Runs the audit RUNS times and prints each score's median, since single runs wander.
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './lib';
import { CHROME_ARGS } from './replay-browser';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function lighthouseBench(dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(undefined, dist);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
  });
  const scores: Record<string, number[]> = {};
  const metrics: Record<string, { values: number[]; unit: string }> = {};
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // Each run is a first visit: Lighthouse clears the origin's storage and cache before loading.
      const result = await lighthouse(`${server.baseUrl}/login`, {
        port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // A trace lost on a busy machine (NO_NAVSTART): said, and left out of the medians.
        console.log(`lighthouse run ${run + 1}: no result (${lhr?.runtimeError?.code ?? 'no report'})`);
        continue;
      }
      // LIGHTHOUSE_REPORT=file.json keeps the last run's whole report for a closer look.
      if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
      for (const c of CATEGORIES) (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      for (const m of METRICS) {
        const audit = lhr.audits[m];
        const entry = (metrics[m] ??= { values: [], unit: audit?.numericUnit ?? '' });
        entry.values.push(audit?.numericValue ?? Number.NaN);
      }
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) => lhr.categories[c]!.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`));
      if (failing.length > 0) console.log(`lighthouse run ${run + 1}: audits not passed: ${failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    await server.close();
  }
  const format = (m: string, v: number, unit: string) => (unit === 'millisecond' ? `${Math.round(v)} ms` : m === 'cumulative-layout-shift' ? v.toFixed(3) : String(v));
  return [
    ...CATEGORIES.map((c) => ({ case: `Lighthouse mobile /login: ${c}`, value: String(median(scores[c] ?? [])), detail: `runs: ${(scores[c] ?? []).join(', ')}` })),
    ...METRICS.map((m) => ({ case: `  ${m}`, value: format(m, median(metrics[m]!.values), metrics[m]!.unit), detail: 'median, simulated slow 4G' })),
  ];
}
