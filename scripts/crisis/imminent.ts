/**
 * The imminent model (src/shared/safety/imminent-model.ts): a second logistic model, over the same
 * features as the crisis model, that learns "imminent" from the lines each author marked so. A line
 * it scores at or above its threshold gets the imminent tier, and with it help, even when the
 * crisis decision alone would not have offered any. Its setting (L2, weight of imminent lines,
 * threshold) is chosen leaving one author out: the most imminent lines given help, among the
 * settings that add at most one false alarm per 1,000 lines without risk to the detector's own,
 * and none in ordinary chat.
 */
import type { DecisionParams } from '../../src/shared/safety/decision';
import type { Features } from '../../src/shared/safety/features';
import { imminentOutOfAuthor, tierOf, type Example, type Params, type Tier } from './learn';

export const IMMINENT_SETTINGS: readonly Params[] = [
  { lambda: 1e-2, posWeight: 4 }, { lambda: 1e-2, posWeight: 8 }, { lambda: 3e-2, posWeight: 4 }, { lambda: 3e-2, posWeight: 8 },
];
export const IMMINENT_THRESHOLDS: readonly number[] = [0.2, 0.3, 0.4, 0.5, 0.6];
/** False alarms the imminent model may add, per line without risk (hard negatives and ordinary chat). */
const ADDED_FALSE_ALARMS = 0.001;

export interface Count { immHelp: number; immTier: number; imm: number; raised: number; other: number; tp: number; fn: number; fp: number; ordFp: number; ord: number; negFp: number; neg: number }

export function count(examples: readonly Example[], idx: readonly number[], tierAt: (i: number) => Tier): Count {
  const c: Count = { immHelp: 0, immTier: 0, imm: 0, raised: 0, other: 0, tp: 0, fn: 0, fp: 0, ordFp: 0, ord: 0, negFp: 0, neg: 0 };
  for (const i of idx) {
    const e = examples[i]!;
    const t = tierAt(i);
    const fire = t !== 'none';
    if (e.y && e.row.imminent) {
      c.imm++;
      if (fire) c.immHelp++;
      if (t === 'imminent') c.immTier++;
    } else if (e.y) {
      c.other++;
      if (t === 'imminent') c.raised++;
    }
    if (e.y) {
      if (fire) c.tp++;
      else c.fn++;
    } else if (fire) c.fp++;
    if (e.row.category === 'ordinary') {
      c.ord++;
      if (fire) c.ordFp++;
    } else if (!e.y) {
      c.neg++;
      if (fire) c.negFp++;
    }
  }
  return c;
}

export interface ImminentChoice { params: Params; threshold: number }

/**
 * The setting for lines `idx`, given crisis probabilities and, per setting, imminent probabilities
 * that never saw each line's author. Null when every setting adds too many false alarms.
 */
export function chooseImminent(examples: readonly Example[], idx: readonly number[], crisis: readonly number[], point: DecisionParams, imminent: readonly number[][]): ImminentChoice | null {
  const base = count(examples, idx, (i) => tierOf(examples[i]!, crisis[i]!, point));
  let best: (ImminentChoice & { score: number }) | null = null;
  for (const [s, params] of IMMINENT_SETTINGS.entries()) {
    for (const threshold of IMMINENT_THRESHOLDS) {
      const c = count(examples, idx, (i) => tierOf(examples[i]!, crisis[i]!, point, { p: imminent[s]![i]!, threshold }));
      if ((c.fp - base.fp) / Math.max(1, c.neg + c.ord) > ADDED_FALSE_ALARMS || c.ordFp > base.ordFp) continue;
      // Imminent lines given help first, then given the imminent tier.
      const score = c.immHelp + c.immTier / 1e4;
      if (!best || score > best.score) best = { params, threshold, score };
    }
  }
  return best && { params: best.params, threshold: best.threshold };
}

export const linesOf = (examples: readonly Example[], authors: readonly string[]) => examples.map((_, i) => i).filter((i) => authors.includes(examples[i]!.row.author));

/** The setting chosen over every author at once: what `npm run train:crisis -- imminent` commits. */
export function imminentSetting(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], buckets: number, point: DecisionParams, crisis: readonly number[]): ImminentChoice | null {
  const imminent = IMMINENT_SETTINGS.map((p) => imminentOutOfAuthor(examples, xs, authors, buckets, p));
  return chooseImminent(examples, linesOf(examples, authors), crisis, point, imminent);
}

/**
 * Leaving one author out, nested: for `held`, the setting chosen on the other authors with models
 * that never saw `held` either (`innerCrisis` and `point` are the crisis model's, chosen the same way).
 */
export function nestedImminent(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], held: string, buckets: number, point: DecisionParams, innerCrisis: readonly number[]): ImminentChoice | null {
  const others = authors.filter((a) => a !== held);
  const inner = IMMINENT_SETTINGS.map((p) => imminentOutOfAuthor(examples, xs, authors, buckets, p, held));
  return chooseImminent(examples, linesOf(examples, others), innerCrisis, point, inner);
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} % (${a}/${b})`;

/** What the imminent model changes, leaving one author out: the detector without it, and with it. */
export function imminentTable(without: Count, withModel: Count): string {
  const row = (label: string, c: Count) => `| ${label} | ${pct(c.immHelp, c.imm)} | ${pct(c.immTier, c.imm)} | ${pct(c.raised, c.other)} | `
    + `${pct(c.tp, c.tp + c.fn)} | ${pct(c.tp, c.tp + c.fp)} | ${pct(c.negFp, c.neg)} | ${((1000 * c.ordFp) / Math.max(1, c.ord)).toFixed(1)} |`;
  return [
    '| detector | imminent lines given help | imminent lines given the imminent tier | other crisis lines raised to imminent | crisis recall | precision | hard-negative false alarms | ordinary false alarms per 1,000 |',
    '|---|---|---|---|---|---|---|---|',
    row('frames, rule and crisis model', without),
    row('with the imminent model', withModel),
  ].join('\n');
}
