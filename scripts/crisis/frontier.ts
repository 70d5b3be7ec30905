/**
 * What the detector could trade: for each cap on false alarms in ordinary chat, the best recall
 * and precision any single operating point reaches, leaving one author out (pooled: one point for
 * every author, chosen on the same predictions it is scored on, so optimistic for that one point).
 * It shows whether a goal is out of reach at any threshold or only at the chosen cap.
 */
import type { Example } from './learn';
import { margin, pointsOf, type Point } from './points';

const CAPS = [5, 10, 20, 40, 80, Infinity];

const top = (ps: readonly Point[], better: (a: Point, b: Point) => boolean): Point | undefined =>
  ps.reduce<Point | undefined>((a, b) => (!a || better(b, a) ? b : a), undefined);

export function frontier(examples: readonly Example[], probs: readonly number[]): string {
  const all = pointsOf(examples, probs);
  const lines = [
    '| ordinary false alarms at most | best margin: recall | precision | per 1,000 ordinary | highest recall at precision ≥ 90 % |',
    '|---|---|---|---|---|',
  ];
  for (const cap of CAPS) {
    const ps = all.filter((p) => p.ordinaryRate * 1000 <= cap);
    const b = top(ps, (x, y) => margin(x) > margin(y));
    const r = top(ps.filter((p) => p.precision >= 0.9), (x, y) => x.recall > y.recall);
    const label = cap === Infinity ? 'no cap' : `${cap} per 1,000`;
    if (!b) {
      lines.push(`| ${label} | none | | | none |`);
      continue;
    }
    const f = (x: number) => `${(x * 100).toFixed(1)} %`;
    lines.push(`| ${label} | ${f(b.recall)} | ${f(b.precision)} | ${(b.ordinaryRate * 1000).toFixed(1)} | ${r ? f(r.recall) : 'none'} |`);
  }
  return lines.join('\n');
}

/** The model's own ranking, left-out authors only: area under the ROC curve, ties counted half. */
export function auc(examples: readonly Example[], probs: readonly number[]): number {
  const scored = examples.map((e, i) => ({ y: e.y, p: probs[i]! })).filter((x) => !Number.isNaN(x.p)).sort((a, b) => b.p - a.p);
  const pos = scored.filter((x) => x.y).length;
  let above = 0;
  let area = 0;
  for (let i = 0; i < scored.length;) {
    let j = i;
    let tiedPos = 0;
    while (j < scored.length && scored[j]!.p === scored[i]!.p) tiedPos += scored[j++]!.y;
    const tiedNeg = j - i - tiedPos;
    area += tiedNeg * (above + tiedPos / 2);
    above += tiedPos;
    i = j;
  }
  return area / Math.max(1, pos * (scored.length - pos));
}
