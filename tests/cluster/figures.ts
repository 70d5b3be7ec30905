/**
 * The scenarios' figures (never assertions by themselves): printed, and gathered in
 * test-results/cluster-figures.json so docs/deployment.md can quote them. global-setup.ts clears the file
 * at the start of a run, so it only ever holds one run's figures.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

export const FIGURES_FILE = join(new URL('../..', import.meta.url).pathname, 'test-results', 'cluster-figures.json');

export interface Spread {
  count: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** Nearest-rank percentiles, in whole milliseconds. */
export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => (sorted.length ? Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!) : null);
  return { count: sorted.length, p50: rank(0.5), p95: rank(0.95), max: rank(1) };
}

export function startFigures(): void {
  rmSync(FIGURES_FILE, { force: true });
}

export function recordFigures(scenario: string, figures: Record<string, unknown>): void {
  console.log(`\n[cluster figures] ${scenario}\n${JSON.stringify(figures, null, 2)}\n`);
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  const all = existsSync(FIGURES_FILE) ? JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as Record<string, unknown> : {};
  all[scenario] = { ...figures, measuredAt: new Date().toISOString(), node: process.version, cores: availableParallelism() };
  writeFileSync(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
}
