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

/** Area under the ROC curve of scores against 0/1 labels, ties counted half. */
export function rocArea(scores: readonly number[], ys: readonly number[]): number {
  const s = scores.map((p, i) => ({ p, y: ys[i]! })).sort((a, b) => b.p - a.p);
  const pos = s.filter((x) => x.y).length;
  let above = 0;
  let area = 0;
  for (let i = 0; i < s.length;) {
    let j = i;
    let tiedPos = 0;
    while (j < s.length && s[j]!.p === s[i]!.p) tiedPos += s[j++]!.y;
    area += (j - i - tiedPos) * (above + tiedPos / 2);
    above += tiedPos;
    i = j;
  }
  return area / Math.max(1, pos * (s.length - pos));
}

/** The model's own ranking, left-out authors only. */
export function auc(examples: readonly Example[], probs: readonly number[]): number {
  const idx = examples.map((_, i) => i).filter((i) => !Number.isNaN(probs[i]!));
  return rocArea(idx.map((i) => probs[i]!), idx.map((i) => examples[i]!.y));
}
