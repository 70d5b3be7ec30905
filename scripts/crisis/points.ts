/**
 * Choosing the decision's operating point (strong-frame cut-off, model thresholds) on predictions
 * made without each example's author. Goals on strangers' words: recall ≥ 95 %, precision ≥ 90 %,
 * and at most 5 false alarms per 1,000 ordinary lines.
 */
import type { DecisionParams } from '../../src/shared/safety/decision';
import { tierOf, type Example } from './learn';

export interface Point extends DecisionParams {
  recall: number;
  precision: number;
  fp: number;
  ordinaryRate: number;
}

const GOAL_RECALL = 0.95;
const GOAL_PRECISION = 0.9;
/** False alarms in ordinary chat, per 1,000 lines: the goal first, then the next cap that some point meets. */
const ORDINARY_CAPS = [5, 10, 20, 40, 1000];

export const margin = (p: Point) => Math.min(p.recall - GOAL_RECALL, p.precision - GOAL_PRECISION);

export function pointsOf(examples: readonly Example[], probs: readonly number[]): Point[] {
  const points: Point[] = [];
  const scored = examples.map((e, i) => ({ e, p: probs[i]! })).filter(({ p }) => !Number.isNaN(p));
  for (const strong of [0.8, 0.85, 0.9]) for (const extra of [0, 0.1, 0.2, 0.3, 0.4, 2]) {
    for (let t = 0.05; t < 0.96; t += 0.01) {
      const params = { strong, threshold: Math.round(t * 100) / 100, bareThreshold: Math.min(0.99, Math.round((t + extra) * 100) / 100) };
      let tp = 0;
      let fp = 0;
      let fn = 0;
      let ord = 0;
      let ordFp = 0;
      for (const { e, p } of scored) {
        const fire = tierOf(e, p, params) !== 'none';
        if (fire && e.y) tp++;
        else if (fire) fp++;
        else if (e.y) fn++;
        if (e.row.category === 'ordinary') {
          ord++;
          if (fire) ordFp++;
        }
      }
      points.push({ ...params, recall: tp / Math.max(1, tp + fn), precision: tp / Math.max(1, tp + fp), fp, ordinaryRate: ordFp / Math.max(1, ord) });
    }
  }
  return points;
}

/**
 * The largest margin on both goals among points with few ordinary false alarms; ties go to recall.
 * A false alarm in ordinary chat is what teaches a person to ignore the card, so the tightest cap
 * that any point meets comes before the goals.
 */
export function best(all: readonly Point[]): Point {
  const cap = ORDINARY_CAPS.find((c) => all.some((p) => p.ordinaryRate * 1000 <= c)) ?? Infinity;
  const points = all.filter((p) => p.ordinaryRate * 1000 <= cap);
  return points.reduce((a, b) => (margin(b) > margin(a) + 1e-9 || (Math.abs(margin(b) - margin(a)) <= 1e-9 && b.recall > a.recall) ? b : a));
}
