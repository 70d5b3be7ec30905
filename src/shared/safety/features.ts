/**
 * Features for the linear models, hashed into a fixed number of buckets so the weights file has a
 * fixed size (well under 1 MB) whatever the vocabulary. The same function runs in training
 * (scripts/train-crisis-model.ts) and at inference (model.ts), so the two can never drift apart.
 *
 * Concept features (which lexicon concepts occur, and which pairs occur close together) carry most
 * of the generalisation: "stockpiling my tablets" shares "prep > medicine" with "saving up my pills"
 * even though no word is shared. Lemma n-grams and character n-grams catch what the lexicon lacks.
 */
import type { Hit, Sent } from './frames';
import { conceptsOf } from './lexicon';

export interface FeatureConfig {
  buckets: number;
  /** Character n-gram sizes over each padded word ("#kill#"); empty for none. */
  charN: number[];
  /** Lemma bigrams on or off. */
  bigrams: boolean;
  /** Window for ordered concept pairs. */
  pairWindow: number;
  /** Value of word features (lemmas, bigrams, character n-grams); below 1 leans the model on concepts and frames. */
  lexScale?: number;
}

export const DEFAULT_CONFIG: FeatureConfig = { buckets: 1 << 15, charN: [3, 4], bigrams: true, pairWindow: 4 };

/** FNV-1a, 32 bit: fast, stable across runtimes, good enough spread for hashing features. */
export function hash(s: string): number {
  return hashParts([s]);
}

/** The hash of the parts joined, without building the joined string (less garbage per message). */
function hashParts(parts: readonly string[]): number {
  let h = 0x811c9dc5;
  for (const s of parts) h = fnv(h, s, 0, s.length);
  return h >>> 0;
}

/** FNV-1a steps over s[start, end). */
function fnv(h: number, s: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The hash of `prefix` and s[start, end) joined: a character n-gram without slicing it out. */
const hashSlice = (prefix: string, s: string, start: number, end: number): number => fnv(fnv(0x811c9dc5, prefix, 0, prefix.length), s, start, end) >>> 0;

const NEGATORS = new Set(['not', 'never', 'nolonger', 'no']);
/** Words that end a negation's reach: "I don't want to die, I just want …", "not X but Y". */
const SCOPE_END = new Set(['but', 'just', 'only', 'so', 'because', 'and', 'though', 'although']);

/** Which tokens sit under a negation: up to five words after not/never/no, stopping at a clause break. */
export function negationScope(s: Sent): boolean[] {
  const out = s.map(() => false);
  let left = 0;
  for (let i = 0; i < s.length; i++) {
    const t = s[i];
    if (!t) continue;
    if (t.b || SCOPE_END.has(t.w)) left = 0;
    if (NEGATORS.has(t.w)) {
      left = 5;
      continue;
    }
    if (left > 0) {
      out[i] = true;
      left--;
    }
  }
  return out;
}

/** Sparse vector: bucket → value. Repeated features keep the larger value (presence, not counts). */
export type Features = Map<number, number>;

/** Adds a feature: a bucket keeps the larger value, so the order features are added in never matters. */
function putter(x: Features, buckets: number): (h: number, v: number) => void {
  return (h, v) => {
    const b = h % buckets;
    const old = x.get(b);
    if (old === undefined || v > old) x.set(b, v);
  };
}

export function featurise(sents: Sent[], hits: Hit[], flags: readonly string[], cfg: FeatureConfig = DEFAULT_CONFIG): Features {
  const x: Features = new Map();
  const putHash = putter(x, cfg.buckets);
  const put = (name: string | readonly string[], v = 1): void => putHash(typeof name === 'string' ? hashParts([name]) : hashParts(name), v);
  const lex = cfg.lexScale ?? 1;
  for (const s of sents) {
    const negated = negationScope(s);
    for (let i = 0; i < s.length; i++) {
      const t = s[i];
      if (!t) continue;
      // A word under negation is a different feature: "not … die" must not count as "die".
      const neg = negated[i] ? '~' : '';
      put(['u:', neg, t.l], lex);
      if (t.q) put(['q:', t.l], lex);
      if (cfg.bigrams) put(['b:', t.l, '_', s[i + 1]?.l ?? '</s>'], lex);
      if (i === 0) put(['b:<s>_', t.l], lex);
      const ci = conceptsOf(t.l);
      for (const c of ci) {
        put(['c:', neg, c]);
        for (let j = i + 1; j <= i + cfg.pairWindow && j < s.length; j++) {
          const tj = s[j];
          if (!tj) continue;
          // A pair with either side under negation is a different pair: "not want … die" ≠ "want … die".
          const pairNeg = neg || negated[j] ? '~' : '';
          for (const cj of conceptsOf(tj.l)) put(['cc:', pairNeg, c, '>', cj]);
          if (tj.w === 'not' || tj.w === 'never') put(['cn:', c, '>not']);
        }
      }
      if (t.w === 'not' || t.w === 'never') {
        for (let j = i + 1; j <= i + cfg.pairWindow && j < s.length; j++) {
          for (const cj of conceptsOf(s[j]?.l ?? '')) put(['cn:not>', cj]);
        }
      }
    }
  }
  for (const h of hits) {
    put(`f:${h.category}`, h.weight);
    put(`fid:${h.id}`, h.weight);
    put(`fs:${h.subject}`, h.weight);
    for (const why of h.lowered) put(`fl:${why}`);
  }
  const top = hits.reduce((m, h) => Math.max(m, h.weight), 0);
  put('f:top', top);
  put(`f:count`, Math.min(hits.filter((h) => h.weight >= 0.5).length, 3) / 3);
  for (const f of flags) put(`flag:${f}`);
  const count = sents.reduce((n, s) => n + s.length, 0);
  put(`len:${count < 4 ? 'short' : count < 12 ? 'mid' : 'long'}`);
  return withCharGrams(x, sents, cfg);
}

/**
 * Character n-grams of each padded word ("#kill#") under `cfg`, added to `x` in place. model.ts adds
 * them to a copy of the features another model already read without them, rather than reading twice.
 */
export function withCharGrams(x: Features, sents: Sent[], cfg: FeatureConfig): Features {
  if (!cfg.charN.length) return x;
  const putHash = putter(x, cfg.buckets);
  const lex = cfg.lexScale ?? 1;
  const grams = cfg.charN.map((n) => ({ n, prefix: `g${n}:` }));
  for (const s of sents) {
    for (const t of s) {
      const padded = `#${t.w}#`;
      for (const { n, prefix } of grams) {
        for (let k = 0; k + n <= padded.length; k++) putHash(hashSlice(prefix, padded, k, k + n), lex);
      }
    }
  }
  return x;
}
