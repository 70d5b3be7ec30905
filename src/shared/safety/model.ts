/**
 * The statistical half of the detector: a few logistic models over differently chosen features
 * (words and concepts; the same with character n-grams, which carry misspellings), their
 * probabilities averaged. Each alone ranks a stranger's lines less well than the average does
 * (docs/crisis-detection.md, "Two models, averaged"). They catch phrasings no frame covers and
 * learn how much each frame and context rule can be trusted. Trained by
 * scripts/train-crisis-model.ts and committed as model-weights.json (hashed buckets, so the file
 * stays small and nothing is fetched at run time).
 */
import { featurise, withCharGrams, type FeatureConfig, type Features } from './features';
import type { Hit, Sent } from './frames';
import raw from './model-weights.json';

/** One logistic model and the features it reads. */
export interface Member {
  config: FeatureConfig;
  bias: number;
  weights: number[];
}

export interface ModelFile {
  version: number;
  /** What the weights were trained on and how the threshold was chosen (for the reader, not the code). */
  note: string;
  /** How it was trained (L2 strength, weight of crisis examples), so evaluation can train the same way. */
  training?: { lambda: number; posWeight: number };
  /** Crisis when the model's probability reaches this and a frame stands (chosen by family-grouped cross-validation). */
  threshold: number;
  /** Crisis when the model's probability reaches this and no frame stands. */
  bareThreshold: number;
  /** Crisis when a frame's weight after context reaches this, whatever the model says. */
  strong: number;
  /** The weights as committed are whole numbers over this (shorter to download than decimals). */
  scale: number;
  /** The models averaged; the first one's features are also the imminent model's (imminent-model.ts). */
  members: Member[];
}

/**
 * Weights as loaded: their whole numbers divided by the scale, once, on first use rather than
 * when the file loads (tens of thousands of divisions: in the browser, the detector's warm-up does
 * it in an idle task of its own, help.ts).
 */
export function unscaled<T extends { weights: number[] }>(file: T, scale: number): T {
  let weights: number[] | undefined;
  return { ...file, get weights() { return (weights ??= file.weights.map((w) => w / scale)); } };
}

const file = raw as ModelFile;
export const MODEL: ModelFile = { ...file, scale: 1, members: file.members.map((m) => unscaled(m, file.scale)) };

/** The first member: the imminent model reads the same features it does. */
export const FIRST = MODEL.members[0]!;

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function logit(x: Features, m: Pick<Member, 'bias' | 'weights'>): number {
  let z = m.bias;
  const { weights } = m;
  for (const [i, v] of x) z += (weights[i] ?? 0) * v;
  return z;
}

export function probability(x: Features, m: Pick<Member, 'bias' | 'weights'>): number {
  return sigmoid(logit(x, m));
}

/** For each member, an earlier member whose setting is its own without character n-grams, if any. */
const settingKey = (c: FeatureConfig) => JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));
const SHARES: readonly number[] = MODEL.members.map(({ config: c }) =>
  MODEL.members.findIndex(({ config: e }) => settingKey(e) === settingKey({ ...c, charN: [] })));

/** Each member's features for a message, in member order; what members share is read once. */
export function membersFeatures(sents: Sent[], hits: Hit[], flags: readonly string[]): Features[] {
  const xs: Features[] = [];
  MODEL.members.forEach((m, k) => {
    const shared = SHARES[k]!;
    xs.push(shared >= 0 && shared < k ? withCharGrams(new Map(xs[shared]), sents, m.config) : featurise(sents, hits, flags, m.config));
  });
  return xs;
}

/** The members' probabilities averaged, given each one's features (membersFeatures). */
export function modelProbability(xs: readonly Features[]): number {
  let sum = 0;
  MODEL.members.forEach((m, k) => (sum += probability(xs[k]!, m)));
  return sum / MODEL.members.length;
}
