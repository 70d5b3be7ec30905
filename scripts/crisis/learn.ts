/**
 * The statistical half of the crisis detector, for training and evaluation scripts: examples
 * analysed once (frames, context rules, flags), logistic regression trained by AdaGrad with L2,
 * and the decision (decision.ts, severity.ts) applied with any model's probability.
 */
import { applyContext, messageFlags } from '../../src/shared/safety/context';
import { evidenceOf, isCrisis, type DecisionParams, type Evidence } from '../../src/shared/safety/decision';
import { featurise, type FeatureConfig, type Features } from '../../src/shared/safety/features';
import { analyse, matchFrames, type Hit, type Sent } from '../../src/shared/safety/frames';
import { attemptToldAsOver, isImminent } from '../../src/shared/safety/severity';
import type { Tier as SharedTier } from '../../src/shared/safety';
import type { Row } from './data';

export const SEED = 20_240_611;
const EPOCHS = 30;

export interface Example {
  row: Row;
  y: number;
  sents: Sent[];
  hits: Hit[];
  flags: string[];
  /** Decision evidence with the model probability left at 1, to be scaled by a model's prediction. */
  unit: Evidence;
  /** The imminence rule (severity.ts): applies when the example is called a crisis. */
  imminentRule: boolean;
  /** An attempt the context rules found told as over: the imminent model alone does not decide (severity.ts). */
  toldAsOver: boolean;
}

export function toExample(row: Row): Example {
  const sents = analyse(row.text);
  const hits = matchFrames(sents);
  const flags = messageFlags(sents);
  applyContext(hits, sents, flags);
  return { row, y: row.label === 'crisis' ? 1 : 0, sents, hits, flags, unit: evidenceOf(sents, hits, flags, 1), imminentRule: isImminent(hits, sents), toldAsOver: attemptToldAsOver(hits, sents) };
}

/** mulberry32: a small seeded PRNG, so shuffles are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(xs: T[], rand: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

export interface Params {
  lambda: number;
  posWeight: number;
}

export interface Linear {
  bias: number;
  weights: Float64Array;
}

export function train(xs: Features[], ys: number[], buckets: number, p: Params, seed: number): Linear {
  const w = new Float64Array(buckets);
  const g2 = new Float64Array(buckets);
  let bias = 0;
  let gb = 0;
  const lr = 0.2;
  const rand = rng(seed);
  const order = xs.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const i of shuffle(order, rand)) {
      const x = xs[i] as Features;
      const y = ys[i] as number;
      let z = bias;
      for (const [j, v] of x) z += (w[j] as number) * v;
      const prob = 1 / (1 + Math.exp(-z));
      const g = (prob - y) * (y === 1 ? p.posWeight : 1);
      for (const [j, v] of x) {
        const grad = g * v + p.lambda * (w[j] as number);
        g2[j] = (g2[j] as number) + grad * grad;
        w[j] = (w[j] as number) - (lr * grad) / (Math.sqrt(g2[j] as number) + 1e-8);
      }
      gb += g * g;
      bias -= (lr * g) / (Math.sqrt(gb) + 1e-8);
    }
  }
  return { bias, weights: w };
}

export function predict(x: Features, m: Linear): number {
  let z = m.bias;
  for (const [j, v] of x) z += (m.weights[j] as number) * v;
  return 1 / (1 + Math.exp(-z));
}

export const featuresOf = (examples: readonly Example[], cfg: FeatureConfig): Features[] => examples.map((e) => featurise(e.sents, e.hits, e.flags, cfg));

/** The detector's tiers without 'distress', which only detect.ts adds (from pain words, not the model). */
export type Tier = Exclude<SharedTier, 'distress'>;

/**
 * The detector's tier for an example given the crisis model's probability, and optionally the
 * imminent model's (imminent-model.ts): at or above its threshold the line is imminent, whatever
 * the crisis decision says, unless an attempt in it is told as over (severity.ts), as in detect.ts.
 */
export function tierOf(e: Example, prob: number, p: DecisionParams, imminent?: { p: number; threshold: number }): Tier {
  if (e.sents.length === 0) return 'none';
  if (imminent && !e.toldAsOver && imminent.p >= imminent.threshold) return 'imminent';
  if (!isCrisis({ ...e.unit, p: e.unit.p * prob }, p)) return 'none';
  return e.imminentRule ? 'imminent' : 'crisis';
}

/**
 * Each example's probability from a model that never saw its author: one model per author left
 * out, trained on everyone else (legacy always included). `skip` leaves a further author out of
 * every model (nested selection). Legacy examples get NaN: they are never a left-out author.
 * `scale`: judge with the weights rounded to steps of 1/scale, as a committed file holds them.
 */
export function outOfAuthor(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], cfg: FeatureConfig, params: Params, skip?: string, scale?: number): number[] {
  const fit = (idx: number[]) => {
    const m = train(idx.map((i) => xs[i]!), idx.map((i) => examples[i]!.y), cfg.buckets, params, SEED);
    return scale ? quantise(m, scale) : m;
  };
  return predictHeld(examples, xs, authors.filter((a) => a !== skip), (h) => (skip === undefined
    ? fit(without(examples, (a) => a === h))
    : withoutPair(examples, xs, `crisis|${cfg.buckets}|${params.lambda}|${params.posWeight}|${scale}`, h, skip, fit)));
}

/** Each held author's examples predicted by the model `modelFor` gives for that author; NaN for the rest. */
function predictHeld(examples: readonly Example[], xs: readonly Features[], held: readonly string[], modelFor: (held: string) => Linear): number[] {
  const probs = examples.map(() => Number.NaN);
  for (const h of held) {
    const m = modelFor(h);
    examples.forEach((e, i) => {
      if (e.row.author === h) probs[i] = predict(xs[i]!, m);
    });
  }
  return probs;
}

/** The indices of the examples whose author `left` does not leave out. */
const without = (examples: readonly Example[], left: (author: string) => boolean): number[] =>
  examples.map((_, i) => i).filter((i) => !left(examples[i]!.row.author));

/**
 * A model trained without two authors. Nested selection asks for each pair twice (A left out with
 * B skipped, and B with A), and training is deterministic, so the second ask is remembered.
 */
const pairs = new WeakMap<readonly Example[], WeakMap<readonly Features[], Map<string, Linear>>>();
function withoutPair(examples: readonly Example[], xs: readonly Features[], kind: string, a: string, b: string, fit: (idx: number[]) => Linear): Linear {
  let byFeatures = pairs.get(examples);
  if (!byFeatures) pairs.set(examples, (byFeatures = new WeakMap()));
  let memo = byFeatures.get(xs);
  if (!memo) byFeatures.set(xs, (memo = new Map()));
  const key = `${kind}|${[a, b].sort().join('|')}`;
  let m = memo.get(key);
  if (!m) memo.set(key, (m = fit(without(examples, (author) => author === a || author === b))));
  return m;
}

/**
 * The committed model's probability for each example, from members that never saw its author
 * (nor `skip`), each judging with its own features (`xsBy[k]` for `configs[k]`) and its weights as
 * committed, averaged as model.ts averages them.
 */
export function ensembleOutOfAuthor(examples: readonly Example[], xsBy: readonly (readonly Features[])[], authors: readonly string[], configs: readonly FeatureConfig[], params: Params, skip?: string): number[] {
  const per = configs.map((cfg, k) => outOfAuthor(examples, xsBy[k]!, authors, cfg, params, skip, CRISIS_SCALE));
  return examples.map((_, i) => per.reduce((sum, p) => sum + p[i]!, 0) / per.length);
}

/** Weights in steps of 1/scale, as a committed file holds them (model.ts, imminent-model.ts). */
export const quantise = (m: Linear, scale: number): Linear => ({
  bias: Math.round(m.bias * 1e4) / 1e4, weights: m.weights.map((v) => Math.round(v * scale) / scale),
});

/** The crisis members' weights are committed in steps of 1/50: the browser's detector file stays under 150 KB. */
export const CRISIS_SCALE = 50;

/**
 * The imminent model learns from the authors' marks. The legacy sets mark no line imminent, so
 * their risk lines are left out of its training (not taught as "not imminent"); their other lines
 * are kept as lines without risk.
 */
export const marksImminence = (e: Example): boolean => !(e.row.author === 'legacy' && e.y === 1);

/**
 * The imminent model's weights are committed in steps of 1/50 (imminent-model.ts), so that the
 * browser's detector file stays under 150 KB; it is evaluated as committed.
 */
export const IMMINENT_SCALE = 50;
export const quantiseImminent = (m: Linear): Linear => quantise(m, IMMINENT_SCALE);

export function trainImminent(examples: readonly Example[], xs: readonly Features[], idx: readonly number[], buckets: number, params: Params): Linear {
  const kept = idx.filter((i) => marksImminence(examples[i]!));
  return quantiseImminent(train(kept.map((i) => xs[i]!), kept.map((i) => (examples[i]!.row.imminent ? 1 : 0)), buckets, params, SEED));
}

/** Each example's imminent probability from a model that never saw its author (nor `skip`); NaN for legacy lines. */
export function imminentOutOfAuthor(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], buckets: number, params: Params, skip?: string): number[] {
  const fit = (idx: number[]) => trainImminent(examples, xs, idx, buckets, params);
  return predictHeld(examples, xs, authors.filter((a) => a !== skip), (h) => (skip === undefined
    ? fit(without(examples, (a) => a === h))
    : withoutPair(examples, xs, `imminent|${buckets}|${params.lambda}|${params.posWeight}`, h, skip, fit)));
}

/**
 * The same with the training set chosen per left-out author: `trainedOn(held)` says whose lines
 * train the model that judges `held` (the learning curve trains on fewer authors).
 */
export function outOfAuthorOn(examples: readonly Example[], xs: readonly Features[], held: readonly string[], cfg: FeatureConfig, params: Params, trainedOn: (held: string) => (author: string) => boolean): number[] {
  return predictHeld(examples, xs, held, (h) => {
    const takes = trainedOn(h);
    const idx = without(examples, (a) => a === h || !takes(a));
    return train(idx.map((i) => xs[i]!), idx.map((i) => examples[i]!.y), cfg.buckets, params, SEED);
  });
}
