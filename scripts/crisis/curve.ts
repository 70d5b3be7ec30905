/**
 * The learning curve: how the model does on a left-out author as it is trained on more authors.
 * For each left-out author, the model is trained on the legacy sets plus k of the other authors
 * drawn at random (two draws where there is a choice), and judged pooled as in frontier.ts. It
 * answers whether more writers would close the gap to the goals, and roughly how many.
 */
import type { FeatureConfig, Features } from '../../src/shared/safety/features';
import { auc } from './frontier';
import { outOfAuthorOn, rng, SEED, type Example, type Params } from './learn';
import { pointsOf } from './points';

const DRAWS = 2;

/** k of `others`, drawn with a seeded shuffle so every run draws the same. */
function draw(others: readonly string[], k: number, rand: () => number): Set<string> {
  return new Set(others.map((a) => ({ a, r: rand() })).sort((x, y) => x.r - y.r).slice(0, k).map((x) => x.a));
}

export function learningCurve(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], cfg: FeatureConfig, params: Params): string {
  const f = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [
    '| other authors trained on | draws | area under ROC | highest recall at precision ≥ 90 % | highest recall at ≤ 10 ordinary false alarms per 1,000 | precision there |',
    '|---|---|---|---|---|---|',
  ];
  const most = authors.length - 1;
  for (const k of [...new Set([0, 1, 2, 4, 6, most])].filter((n) => n <= most)) {
    const draws = k === 0 || k === most ? 1 : DRAWS;
    const cells: string[][] = [];
    for (let d = 0; d < draws; d++) {
      const rand = rng(SEED + 101 * k + d);
      const chosen = new Map(authors.map((h) => [h, draw(authors.filter((a) => a !== h), k, rand)]));
      // Legacy lines are always trained on; of the authors, only the k drawn for this left-out one.
      const probs = outOfAuthorOn(examples, xs, authors, cfg, params, (h) => (a) => !authors.includes(a) || chosen.get(h)!.has(a));
      const points = pointsOf(examples, probs);
      const atPrecision = points.filter((p) => p.precision >= 0.9).map((p) => p.recall);
      const capped = points.filter((p) => p.ordinaryRate * 1000 <= 10).reduce((a, b) => (b.recall > a.recall ? b : a), { recall: 0, precision: 0 });
      cells.push([auc(examples, probs).toFixed(3), atPrecision.length ? f(Math.max(...atPrecision)) : 'none', f(capped.recall), f(capped.precision)]);
    }
    const joined = (c: number) => cells.map((x) => x[c]).join(', ');
    lines.push(`| ${k} | ${draws} | ${joined(0)} | ${joined(1)} | ${joined(2)} | ${joined(3)} |`);
  }
  return lines.join('\n');
}
