/**
 * The linear model (logistic regression) that backs the frames up: it catches phrasings no frame
 * covers and learns how much each frame and context rule can be trusted. Its weights are trained
 * on the TRAIN split only, by scripts/train-crisis-model.ts, and committed as model-weights.json
 * (hashed buckets, so the file stays small and nothing is fetched at run time).
 */
import type { FeatureConfig, Features } from './features';
import raw from './model-weights.json';

export interface ModelFile {
  version: number;
  /** What the weights were trained on and how the threshold was chosen (for the reader, not the code). */
  note: string;
  config: FeatureConfig;
  /** How it was trained (L2 strength, weight of crisis examples), so evaluation can train the same way. */
  training?: { lambda: number; posWeight: number };
  bias: number;
  /** Crisis when the model's probability reaches this and a frame stands (chosen by family-grouped cross-validation). */
  threshold: number;
  /** Crisis when the model's probability reaches this and no frame stands. */
  bareThreshold: number;
  /** Crisis when a frame's weight after context reaches this, whatever the model says. */
  strong: number;
  /** The weights as committed are whole numbers over this (shorter to download than decimals). */
  scale: number;
  weights: number[];
}

/**
 * A weights file as loaded: its whole numbers divided by its scale, once, on first use rather than
 * when the file loads (tens of thousands of divisions: in the browser, the detector's warm-up does
 * it in an idle task of its own, help.ts).
 */
export function unscaled<T extends { scale: number; weights: number[] }>(file: T): T {
  let weights: number[] | undefined;
  return { ...file, scale: 1, get weights() { return (weights ??= file.weights.map((w) => w / file.scale)); } };
}

export const MODEL: ModelFile = unscaled(raw as ModelFile);

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function logit(x: Features, m: Pick<ModelFile, 'bias' | 'weights'> = MODEL): number {
  let z = m.bias;
  const { weights } = m;
  for (const [i, v] of x) z += (weights[i] ?? 0) * v;
  return z;
}

export function probability(x: Features, m: Pick<ModelFile, 'bias' | 'weights'> = MODEL): number {
  return sigmoid(logit(x, m));
}
