/**
 * Trains the crisis detector's linear model on the TRAIN split only and writes
 * src/shared/safety/model-weights.json.
 *
 *   npx tsx scripts/train-crisis-model.ts
 *
 * Hyperparameters (L2 strength, weight of crisis examples, character n-grams), the model threshold
 * and the "strong frame" cut-off are chosen by family-grouped k-fold cross-validation: every
 * paraphrase family sits wholly in one fold, so the figures printed estimate how the detector does
 * on phrasings it has not seen, which is what the held-out split measures. Deterministic: fixed seed,
 * fixed fold assignment, fixed example order. It never reads tests/safety/data/heldout.
 */
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyContext, messageFlags } from '../src/shared/safety/context';
import { evidenceOf, isCrisis, type Evidence } from '../src/shared/safety/decision';
import { DEFAULT_CONFIG, featurise, type FeatureConfig, type Features } from '../src/shared/safety/features';
import { analyse, matchFrames, type Hit, type Sent } from '../src/shared/safety/frames';
import type { ModelFile } from '../src/shared/safety/model';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TRAIN_DIR = join(ROOT, 'tests/safety/data/train');
const OUT = join(ROOT, 'src/shared/safety/model-weights.json');
const SEED = 20_240_611;
const FOLDS = 5;
const EPOCHS = 30;

interface Row {
  text: string;
  label: 'crisis' | 'distress' | 'none';
  category: string;
  family: string;
}
interface Example {
  row: Row;
  y: number;
  sents: Sent[];
  hits: Hit[];
  flags: string[];
  /** Decision evidence with the model probability left at 1, to be scaled by each fold's prediction. */
  unit: Evidence;
}

/** mulberry32: a small seeded PRNG, so folds and shuffles are the same on every run. */
function rng(seed: number): () => number {
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

function load(): Example[] {
  const rows: Row[] = [];
  // Every file of the split, in name order (risk.jsonl, risk-2.jsonl …), so the order is fixed.
  for (const f of readdirSync(TRAIN_DIR).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(TRAIN_DIR, f), 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as Row);
  }
  return rows.map((row) => {
    const sents = analyse(row.text);
    const hits = matchFrames(sents);
    const flags = messageFlags(sents);
    applyContext(hits, sents, flags);
    return { row, y: row.label === 'crisis' ? 1 : 0, sents, hits, flags, unit: evidenceOf(sents, hits, flags, 1) };
  });
}

interface Params {
  lambda: number;
  posWeight: number;
}

/** Logistic regression, AdaGrad SGD with L2 on the features each example touches. */
function train(xs: Features[], ys: number[], buckets: number, p: Params, seed: number): { bias: number; weights: Float64Array } {
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

function predict(x: Features, m: { bias: number; weights: Float64Array }): number {
  let z = m.bias;
  for (const [j, v] of x) z += (m.weights[j] as number) * v;
  return 1 / (1 + Math.exp(-z));
}

/** Fold of each family: crisis and non-crisis families dealt out separately so every fold has both. */
function folds(examples: Example[]): number[] {
  const rand = rng(SEED);
  const fam = (e: Example) => e.row.family;
  const pos = shuffle([...new Set(examples.filter((e) => e.y === 1).map(fam))].sort(), rand);
  const neg = shuffle([...new Set(examples.filter((e) => e.y === 0).map(fam))].sort(), rand);
  const of = new Map<string, number>();
  pos.forEach((f, i) => of.set(f, i % FOLDS));
  neg.forEach((f, i) => of.set(f, i % FOLDS));
  return examples.map((e) => of.get(fam(e)) ?? 0);
}

interface Point {
  strong: number;
  threshold: number;
  bareThreshold: number;
  recall: number;
  precision: number;
  fp: number;
  /** False alarms per line of ordinary chat. */
  ordinaryRate: number;
}

const fires = (e: Example, prob: number, p: Omit<Point, 'recall' | 'precision' | 'fp' | 'ordinaryRate'>) => isCrisis({ ...e.unit, p: e.unit.p * prob }, p);

function operatingPoints(examples: Example[], probs: number[]): Point[] {
  const points: Point[] = [];
  for (const strong of [0.8, 0.85, 0.9]) for (const extra of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 2]) {
    for (let t = 0.05; t < 0.96; t += 0.01) {
      const params = { strong, threshold: Math.round(t * 100) / 100, bareThreshold: Math.min(0.99, Math.round((t + extra) * 100) / 100) };
      let tp = 0;
      let fp = 0;
      let fn = 0;
      let ordFp = 0;
      let ord = 0;
      examples.forEach((e, i) => {
        const fire = fires(e, probs[i] as number, params);
        if (fire && e.y) tp++;
        else if (fire) fp++;
        else if (e.y) fn++;
        if (e.row.category === 'ordinary') {
          ord++;
          if (fire) ordFp++;
        }
      });
      points.push({ ...params, recall: tp / (tp + fn), precision: tp / Math.max(1, tp + fp), fp, ordinaryRate: ordFp / Math.max(1, ord) });
    }
  }
  return points;
}

/** Goals on unseen phrasings: recall ≥ 0.95 and precision ≥ 0.90. */
const GOAL_RECALL = 0.95;
const GOAL_PRECISION = 0.9;
/** Slack on the tighter of the two goals: the operating point that best keeps both. */
const margin = (p: Point) => Math.min(p.recall - GOAL_RECALL, p.precision - GOAL_PRECISION);

/** "Few false alarms on ordinary chat": at most this many per 1,000 ordinary lines in cross-validation. */
const MAX_ORDINARY_PER_1000 = 5;

/** Best point: the largest margin on both goals; ties go to recall (a missed crisis costs more). */
function best(all: Point[]): Point {
  const ok = all.filter((p) => p.ordinaryRate * 1000 <= MAX_ORDINARY_PER_1000);
  const points = ok.length ? ok : all;
  return points.reduce((a, b) => (margin(b) > margin(a) + 1e-9 || (Math.abs(margin(b) - margin(a)) <= 1e-9 && b.recall > a.recall) ? b : a));
}

/** Each example's probability from the model trained on the other folds (its family never seen). */
function outOfFold(xs: Features[], ys: number[], fold: number[], cfg: FeatureConfig, params: Params): number[] {
  const probs = xs.map(() => 0);
  for (let k = 0; k < FOLDS; k++) {
    const idx = xs.map((_, i) => i).filter((i) => fold[i] !== k);
    const m = train(idx.map((i) => xs[i] as Features), idx.map((i) => ys[i] as number), cfg.buckets, params, SEED + k);
    xs.forEach((x, i) => {
      if (fold[i] === k) probs[i] = predict(x, m);
    });
  }
  return probs;
}

/** For the chosen setting: model alone, frames alone, and (with CRISIS_CV_ERRORS=1) every out-of-fold error. */
function report(examples: Example[], fold: number[], cfg: FeatureConfig, params: Params, point: Point): void {
  const xs = examples.map((e) => featurise(e.sents, e.hits, e.flags, cfg));
  const probs = outOfFold(xs, examples.map((e) => e.y), fold, cfg, params);
  const pts = operatingPoints(examples, probs);
  if (process.env.CRISIS_CV_CURVE) {
    for (const q of pts.filter((x) => x.strong === point.strong && x.bareThreshold - x.threshold === point.bareThreshold - point.threshold && Math.round(x.threshold * 100) % 5 === 0)) {
      console.log(`  threshold ${q.threshold.toFixed(2)}: recall ${q.recall.toFixed(3)}, precision ${q.precision.toFixed(3)}, false alarms ${q.fp}`);
    }
  }
  let ftp = 0;
  let ffp = 0;
  examples.forEach((e) => {
    if (e.unit.rule >= point.strong) {
      if (e.y) ftp++;
      else ffp++;
    }
  });
  const positives = examples.filter((e) => e.y).length;
  console.log(`frames alone (≥ ${point.strong}): recall ${(ftp / positives).toFixed(3)}, precision ${(ftp / Math.max(1, ftp + ffp)).toFixed(3)} (frames were written with train in view: optimistic)`);
  const byCat = new Map<string, [number, number]>();
  examples.forEach((e, i) => {
    const fire = fires(e, probs[i] as number, point);
    const c = byCat.get(e.row.category) ?? [0, 0];
    c[0] += fire ? 1 : 0;
    c[1] += 1;
    byCat.set(e.row.category, c);
    if (process.env.CRISIS_CV_ERRORS && fire !== (e.y === 1)) {
      console.log(`${fire ? 'FP' : 'FN'} ${e.row.category} p=${(probs[i] as number).toFixed(2)} rule=${e.unit.rule.toFixed(2)} | ${e.row.text}`);
    }
  });
  console.log([...byCat].map(([c, [f, n]]) => `${c} ${f}/${n}`).join(', '));
}

function main(): void {
  const examples = load();
  const fold = folds(examples);
  const ys = examples.map((e) => e.y);
  console.log(`train: ${examples.length} lines, ${ys.filter(Boolean).length} crisis, ${FOLDS}-fold CV grouped by family`);

  const configs: FeatureConfig[] = process.env.CRISIS_QUICK ? [{ ...DEFAULT_CONFIG, charN: [], lexScale: 0.5 }] : [
    { ...DEFAULT_CONFIG, charN: [], bigrams: true, lexScale: 1 },
    { ...DEFAULT_CONFIG, charN: [], bigrams: true, lexScale: 0.5 },
    { ...DEFAULT_CONFIG, charN: [], bigrams: false, lexScale: 0.5 },
    // Character n-grams were tried ([4]): no better in cross-validation, and they fired on
    // word pieces alone ("ending my subscription"), so they are left out.
  ];
  const grid: Params[] = [];
  for (const lambda of [1e-4, 1e-3, 3e-3, 1e-2]) for (const posWeight of [1, 2]) grid.push({ lambda, posWeight });

  const results: { cfg: FeatureConfig; params: Params; point: Point }[] = [];
  console.log('\n| word features | bigrams | char n-grams | L2 | crisis weight | strong frame | threshold | threshold, no risk word | CV recall | CV precision | CV false alarms | per 1,000 ordinary |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const cfg of configs) {
    const xs = examples.map((e) => featurise(e.sents, e.hits, e.flags, cfg));
    for (const params of grid) {
      const probs = outOfFold(xs, ys, fold, cfg, params);
      const point = best(operatingPoints(examples, probs));
      console.log(`| ×${cfg.lexScale ?? 1} | ${cfg.bigrams ? 'on' : 'off'} | ${cfg.charN.join(',') || 'none'} | ${params.lambda} | ${params.posWeight} | ${point.strong} | ${point.threshold} | ${point.bareThreshold} | ${point.recall.toFixed(3)} | ${point.precision.toFixed(3)} | ${point.fp} | ${(point.ordinaryRate * 1000).toFixed(1)} |`);
      results.push({ cfg, params, point });
    }
  }
  // Across settings: the largest margin on both goals. Within 0.002 of the best, the more regularised
  // setting: differences that small are noise, and stronger L2 is the safer bet on unseen phrasings.
  const top = Math.max(...results.map((r) => margin(r.point)));
  const near = results.filter((r) => margin(r.point) >= top - 0.002);
  const winner = near.reduce((a, b) => (b.params.lambda > a.params.lambda
    || (b.params.lambda === a.params.lambda && margin(b.point) > margin(a.point)) ? b : a));
  const { cfg, params, point } = winner;
  report(examples, fold, cfg, params, point);
  console.log(`\nchosen: word features ×${cfg.lexScale ?? 1}, bigrams ${cfg.bigrams ? 'on' : 'off'}, char n-grams ${cfg.charN.join(',') || 'none'}, L2 ${params.lambda}, crisis weight ${params.posWeight}, `
    + `strong frame ${point.strong}, threshold ${point.threshold} (no risk word or frame: ${point.bareThreshold})`);
  console.log(`CV (family-grouped, out-of-fold): recall ${point.recall.toFixed(3)}, precision ${point.precision.toFixed(3)}, false alarms ${point.fp}, `
    + `${(point.ordinaryRate * 1000).toFixed(1)} per 1,000 ordinary lines`);

  const xs = examples.map((e) => featurise(e.sents, e.hits, e.flags, cfg));
  const m = train(xs, ys, cfg.buckets, params, SEED);
  const file: ModelFile = {
    version: 1,
    note: `Logistic regression trained by scripts/train-crisis-model.ts on tests/safety/data/train only (seed ${SEED}). `
      + `Threshold and strong-frame cut-off chosen by ${FOLDS}-fold family-grouped CV: recall ${point.recall.toFixed(3)}, precision ${point.precision.toFixed(3)}.`,
    config: cfg,
    bias: Math.round(m.bias * 1e4) / 1e4,
    threshold: point.threshold,
    bareThreshold: point.bareThreshold,
    strong: point.strong,
    weights: Array.from(m.weights, (v) => Math.round(v * 1e4) / 1e4),
  };
  writeFileSync(OUT, `${JSON.stringify(file)}\n`);
  console.log(`wrote ${OUT} (${(statSync(OUT).size / 1024).toFixed(0)} KB)`);
}

main();
