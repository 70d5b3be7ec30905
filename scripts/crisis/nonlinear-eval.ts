/**
 * The nonlinear trial: does a small network over the same inputs carry over to an unseen author
 * better than the committed linear model? Measured exactly as curve.ts measures its k = 8 row
 * (leave one author out, legacy sets always trained on, pooled over the authors): area under ROC,
 * highest recall at precision ≥ 90 %, and the highest recall at ≤ 10 ordinary false alarms per
 * 1,000 with its precision, next to the committed linear model computed in the same run.
 *
 *   npx tsx scripts/crisis/nonlinear-eval.ts run <setting>    one setting and the linear baseline
 *   npx tsx scripts/crisis/nonlinear-eval.ts blend            linear and mlp32 logits averaged 1:1 (needs both runs saved)
 *   npx tsx scripts/crisis/nonlinear-eval.ts compare          per-author areas and the spread over authors of every saved run
 *   npx tsx scripts/crisis/nonlinear-eval.ts cost <setting>   weight sizes and scoring time of a network trained on all lines
 *
 * Early stopping (the epoch count) is chosen inside each left-out author's training authors only
 * (nonlinear-mlp.ts, trainEarlyStopped). The sealed author is never read (data.ts loadDevelopment).
 * Each run's out-of-author probabilities are saved under the system's temporary folder for `blend`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Features } from '../../src/shared/safety/features';
import { FIRST, MODEL, probability } from '../../src/shared/safety/model';
import { loadDevelopment } from './data';
import { auc, rocArea } from './frontier';
import { featuresOf, outOfAuthor, rng, SEED, toExample, train, type Example, type Linear } from './learn';
import { mlpLogit, mlpProbability, trainEarlyStopped, trainMlp, type Mlp, type MlpParams } from './nonlinear-mlp';
import { STACK_BUCKETS, stackFeatures } from './nonlinear-stack';
import { pointsOf } from './points';

const SAVE = join(tmpdir(), 'haven-nonlinear');
const params = MODEL.training ?? { lambda: 1e-2, posWeight: 1 };
const base = { lr: 2e-3, batch: 32, maxEpochs: 20, minCount: 2 };

export const SETTINGS: Record<string, MlpParams> = {
  /** Wider, ReLU, dropout on the hidden layer only. */
  mlp32: { ...base, hidden: 32, activation: 'relu', inputDropout: 0, hiddenDropout: 0.5, l2: 1e-5 },
  /** Narrower, tanh, dropout on inputs too (leans on several cues at once), more L2. */
  mlp16: { ...base, hidden: 16, activation: 'tanh', inputDropout: 0.3, hiddenDropout: 0.2, l2: 1e-4 },
  /** The second stage over the linear logit and frame, context and concept features. */
  /** mlp32 with Platt scaling fitted on its held-out training authors (the same networks: calibration draws no random numbers). */
  'mlp32-platt': { ...base, hidden: 32, activation: 'relu', inputDropout: 0, hiddenDropout: 0.5, l2: 1e-5 },
  stack: { ...base, hidden: 16, activation: 'relu', inputDropout: 0.1, hiddenDropout: 0.2, l2: 1e-4, lr: 3e-3, maxEpochs: 40, minCount: 5 },
};

export interface Figures {
  auc: number;
  /** Highest recall at precision ≥ 90 %, or undefined when no point reaches it. */
  recallAt90?: number;
  recallAt10: number;
  precisionAt10: number;
}

/** The k = 8 row of curve.ts, for any out-of-author probabilities. */
export function figures(examples: readonly Example[], probs: readonly number[]): Figures {
  const points = pointsOf(examples, probs);
  const atPrecision = points.filter((p) => p.precision >= 0.9).map((p) => p.recall);
  const capped = points.filter((p) => p.ordinaryRate * 1000 <= 10).reduce((a, b) => (b.recall > a.recall ? b : a), { recall: 0, precision: 0 });
  return { auc: auc(examples, probs), recallAt90: atPrecision.length ? Math.max(...atPrecision) : undefined, recallAt10: capped.recall, precisionAt10: capped.precision };
}

const pc = (x: number | undefined) => (x === undefined ? 'none' : `${(x * 100).toFixed(1)} %`);
const row = (label: string, f: Figures) => `| ${label} | ${f.auc.toFixed(3)} | ${pc(f.recallAt90)} | ${pc(f.recallAt10)} | ${pc(f.precisionAt10)} |`;
const HEADER = '| model | area under ROC | highest recall at precision ≥ 90 % | highest recall at ≤ 10 ordinary false alarms per 1,000 | precision there |\n|---|---|---|---|---|';

function linearLogit(x: Features, m: Linear): number {
  let z = m.bias;
  for (const [j, v] of x) z += m.weights[j]! * v;
  return z;
}

const indices = (examples: readonly Example[], keep: (author: string) => boolean) => examples.map((_, i) => i).filter((i) => keep(examples[i]!.row.author));

/** The network over the hashed features, one per left-out author, early-stopped inside its training authors. */
function outOfAuthorMlp(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], p: MlpParams, calibrate: boolean): { probs: number[]; epochs: number[] } {
  const probs = examples.map(() => Number.NaN);
  const epochs: number[] = [];
  for (const h of authors) {
    const t0 = performance.now();
    const idx = indices(examples, (a) => a !== h);
    const { model, epochs: e, curve, platt } = trainEarlyStopped(idx.map((i) => xs[i]!), idx.map((i) => examples[i]!.y), idx.map((i) => examples[i]!.row.author), FIRST.config.buckets, p, SEED);
    epochs.push(e);
    const pre = new Float32Array(model.hidden);
    const { a, b } = calibrate ? platt : { a: 1, b: 0 };
    examples.forEach((ex, i) => {
      if (ex.row.author === h) probs[i] = 1 / (1 + Math.exp(-(a * mlpLogit(xs[i]!, model, pre) + b)));
    });
    console.error(`${h}: ${model.rows} input rows, ${e} epochs, Platt a ${platt.a.toFixed(3)} b ${platt.b.toFixed(3)} (inner area ${curve.map((v) => v.toFixed(3)).join(' ')}), ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { probs, epochs };
}

/**
 * The stacked model: for each left-out author h, every other author's lines get a linear logit
 * from a model that saw neither h nor that author (legacy always included); the second stage is
 * trained on those author lines (legacy lines have no out-of-author logit, so they train only the
 * first stage) and judges h with the logit of the linear model trained on everyone but h.
 */
function outOfAuthorStack(examples: readonly Example[], xs: readonly Features[], authors: readonly string[], p: MlpParams): { probs: number[]; epochs: number[] } {
  const probs = examples.map(() => Number.NaN);
  const epochs: number[] = [];
  const ys = examples.map((e) => e.y);
  const fit = (keep: (a: string) => boolean) => {
    const idx = indices(examples, keep);
    return train(idx.map((i) => xs[i]!), idx.map((i) => ys[i]!), FIRST.config.buckets, params, SEED);
  };
  for (const h of authors) {
    const t0 = performance.now();
    const others = authors.filter((a) => a !== h);
    const z = examples.map(() => Number.NaN);
    for (const a of others) {
      const m = fit((b) => b !== h && b !== a);
      examples.forEach((e, i) => {
        if (e.row.author === a) z[i] = linearLogit(xs[i]!, m);
      });
    }
    const outer = fit((b) => b !== h);
    const tr = indices(examples, (a) => others.includes(a));
    const sx = tr.map((i) => stackFeatures(examples[i]!, z[i]!));
    const { model, epochs: e, curve } = trainEarlyStopped(sx, tr.map((i) => ys[i]!), tr.map((i) => examples[i]!.row.author), STACK_BUCKETS, p, SEED);
    epochs.push(e);
    examples.forEach((ex, i) => {
      if (ex.row.author === h) probs[i] = mlpProbability(stackFeatures(ex, linearLogit(xs[i]!, outer)), model);
    });
    console.error(`${h}: ${model.rows} input rows, ${e} epochs (inner area ${curve.map((v) => v.toFixed(3)).join(' ')}), ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { probs, epochs };
}

function load(): { examples: Example[]; xs: Features[]; authors: string[] } {
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  return { examples, xs: featuresOf(examples, FIRST.config), authors };
}

/** How sharp the probabilities are: the decision's threshold grid runs from 0.05 to 0.95 only. */
function spread(examples: readonly Example[], probs: readonly number[]): string {
  const s = examples.map((e, i) => ({ y: e.y, p: probs[i]! })).filter((x) => !Number.isNaN(x.p));
  const share = (y: number, f: (p: number) => boolean) => pc(s.filter((x) => x.y === y && f(x.p)).length / Math.max(1, s.filter((x) => x.y === y).length));
  return `not crisis above 0.95: ${share(0, (p) => p > 0.95)}, crisis below 0.05: ${share(1, (p) => p < 0.05)}`;
}

function save(name: string, probs: readonly number[]): void {
  mkdirSync(SAVE, { recursive: true });
  writeFileSync(join(SAVE, `${name}.json`), JSON.stringify(probs.map((p) => (Number.isNaN(p) ? null : p))));
}

const restore = (name: string): number[] => (JSON.parse(readFileSync(join(SAVE, `${name}.json`), 'utf8')) as (number | null)[]).map((p) => p ?? Number.NaN);

function run(name: string): void {
  const p = SETTINGS[name];
  if (!p) throw new Error(`no setting ${name}: ${Object.keys(SETTINGS).join(', ')}`);
  const { examples, xs, authors } = load();
  const t0 = performance.now();
  const linear = outOfAuthor(examples, xs, authors, FIRST.config, params);
  console.error(`linear: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  save('linear', linear);
  const t1 = performance.now();
  const { probs, epochs } = name === 'stack' ? outOfAuthorStack(examples, xs, authors, p) : outOfAuthorMlp(examples, xs, authors, p, name.endsWith('-platt'));
  save(name, probs);
  console.log(`\n### ${name}: ${JSON.stringify(p)}\n\nepochs chosen per left-out author: ${epochs.join(', ')}; ${((performance.now() - t1) / 60_000).toFixed(1)} min\n`);
  console.log(`linear: ${spread(examples, linear)}\n${name}: ${spread(examples, probs)}\n`);
  console.log(HEADER);
  console.log(row('linear (committed setting)', figures(examples, linear)));
  console.log(row(name, figures(examples, probs)));
}

function blend(): void {
  const { examples } = load();
  const linear = restore('linear');
  const mlp = restore('mlp32');
  const logit = (p: number) => Math.log(Math.max(1e-12, p) / Math.max(1e-12, 1 - p));
  const mixed = linear.map((p, i) => (Number.isNaN(p) ? Number.NaN : 1 / (1 + Math.exp(-(logit(p) + logit(mlp[i]!)) / 2))));
  save('blend', mixed);
  console.log(HEADER);
  console.log(row('linear (committed setting)', figures(examples, linear)));
  console.log(row('mlp32', figures(examples, mlp)));
  console.log(row('blend: linear and mlp32 logits, 1:1', figures(examples, mixed)));
}

/**
 * Is a difference more than the authors' spread? Per-author area under ROC for every saved run,
 * and the pooled area's difference from linear with authors resampled (1,000 draws, seeded):
 * the nine authors are the unit that varies, not the lines.
 */
function compare(): void {
  const { examples, authors } = load();
  const names = ['linear', ...Object.keys(SETTINGS), 'blend'];
  const runs = names.map((n) => restore(n));
  console.log(`| author | ${names.join(' | ')} |\n|---|${names.map(() => '---|').join('')}`);
  for (const a of authors) {
    const idx = indices(examples, (b) => b === a);
    const cells = runs.map((r) => rocArea(idx.map((i) => r[i]!), idx.map((i) => examples[i]!.y)).toFixed(3));
    console.log(`| ${a} | ${cells.join(' | ')} |`);
  }
  const rand = rng(SEED);
  const byAuthor = new Map(authors.map((a) => [a, indices(examples, (b) => b === a)]));
  const diffs = runs.slice(1).map(() => [] as number[]);
  for (let d = 0; d < 1000; d++) {
    const idx = authors.flatMap(() => byAuthor.get(authors[Math.floor(rand() * authors.length)]!)!);
    const ys = idx.map((i) => examples[i]!.y);
    const lin = rocArea(idx.map((i) => runs[0]![i]!), ys);
    runs.slice(1).forEach((r, k) => diffs[k]!.push(rocArea(idx.map((i) => r[i]!), ys) - lin));
  }
  console.log('\n| model | pooled area minus linear: 2.5 %, 50 %, 97.5 % over authors resampled | share of draws above linear |\n|---|---|---|');
  diffs.forEach((ds, k) => {
    const s = [...ds].sort((x, y) => x - y);
    const q = (f: number) => s[Math.floor(f * (s.length - 1))]!.toFixed(4);
    console.log(`| ${names[k + 1]} | ${q(0.025)}, ${q(0.5)}, ${q(0.975)} | ${pc(ds.filter((x) => x > 0).length / ds.length)} |`);
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** Symmetric int8 with one scale per tensor; the scales ride along as float32. */
function int8(a: Float32Array): Int8Array {
  const max = a.reduce((m, v) => Math.max(m, Math.abs(v)), 1e-12);
  return Int8Array.from(a, (v) => Math.round((v / max) * 127));
}

function cost(name: string, epochs: number): void {
  const p = SETTINGS[name];
  if (!p || name === 'stack') throw new Error('cost is for the networks over the hashed features (mlp32, mlp16)');
  const { examples, xs } = load();
  const t0 = performance.now();
  const m: Mlp = trainMlp(xs, examples.map((e) => e.y), FIRST.config.buckets, p, epochs, SEED);
  console.error(`trained on every development line for ${epochs} epochs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  // Which buckets have a row: a bitmap over the buckets (4 KB), then the rows in bucket order.
  const bitmap = new Uint8Array(FIRST.config.buckets / 8);
  m.rowOf.forEach((r, j) => {
    if (r >= 0) bitmap[j >> 3]! |= 1 << (j & 7);
  });
  const dense = Float32Array.of(...m.b1, ...m.w2, m.b2);
  const f32 = Buffer.concat([Buffer.from(bitmap), Buffer.from(m.w1.buffer), Buffer.from(dense.buffer)]);
  const q = Buffer.concat([Buffer.from(bitmap), Buffer.from(int8(m.w1).buffer), Buffer.from(int8(dense).buffer), Buffer.alloc(8)]);
  const lin = Float32Array.from(FIRST.weights);
  const linQ = int8(lin);
  console.log(`\n### Cost of ${name} (${m.rows} input rows × ${m.hidden} hidden, ${m.rows * m.hidden + 2 * m.hidden + 1} parameters)\n`);
  console.log('| weights | raw | gzip |\n|---|---|---|');
  console.log(`| ${name}, float32 | ${kb(f32.length)} | ${kb(gzipSync(f32, { level: 9 }).length)} |`);
  console.log(`| ${name}, int8 (one scale per tensor) | ${kb(q.length)} | ${kb(gzipSync(q, { level: 9 }).length)} |`);
  console.log(`| linear, float32 | ${kb(lin.byteLength)} | ${kb(gzipSync(Buffer.from(lin.buffer), { level: 9 }).length)} |`);
  console.log(`| linear, int8 | ${kb(linQ.byteLength)} | ${kb(gzipSync(Buffer.from(linQ.buffer), { level: 9 }).length)} |`);

  // What int8 costs in fidelity (on the training lines themselves: a check of the rounding, not of generalisation).
  const deq = (a: Float32Array, qa: Int8Array) => {
    const max = a.reduce((mx, v) => Math.max(mx, Math.abs(v)), 1e-12);
    return Float32Array.from(qa, (v) => (v / 127) * max);
  };
  const qd = int8(dense);
  const dd = deq(dense, qd);
  const mq: Mlp = { ...m, w1: deq(m.w1, int8(m.w1)), b1: dd.slice(0, m.hidden), w2: dd.slice(m.hidden, 2 * m.hidden), b2: dd[2 * m.hidden]! };
  const gaps = xs.map((x) => Math.abs(mlpProbability(x, m) - mlpProbability(x, mq)));
  console.log(`\nint8 against float32 on the ${xs.length} training lines: mean |Δp| ${(gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(4)}, largest ${Math.max(...gaps).toFixed(4)}`);

  // Scoring time from the features (feature extraction excluded), every development line, after warm-up.
  const pre = new Float32Array(m.hidden);
  let sink = 0;
  for (let r = 0; r < 3; r++) for (const x of xs) sink += mlpLogit(x, m, pre) + probability(x, FIRST);
  const time = (f: (x: Features) => number): number => {
    const passes = 5;
    const t = performance.now();
    for (let r = 0; r < passes; r++) for (const x of xs) sink += f(x);
    return ((performance.now() - t) * 1000) / (passes * xs.length);
  };
  const tl = time((x) => probability(x, FIRST));
  const tm = time((x) => mlpProbability(x, m, pre));
  console.log(`\n| scoring one message from its features (${xs.length} lines × 5 passes, after warm-up) | mean µs |\n|---|---|`);
  console.log(`| linear (model.ts probability) | ${tl.toFixed(2)} |\n| ${name} | ${tm.toFixed(2)} |`);
  if (sink === 42) console.log('');
}

function main(): void {
  const [mode, arg, extra] = process.argv.slice(2);
  if (mode === 'run' && arg) run(arg);
  else if (mode === 'blend') blend();
  else if (mode === 'compare') compare();
  else if (mode === 'cost' && arg) cost(arg, Number(extra ?? 10));
  else {
    console.error('usage: nonlinear-eval.ts run <mlp32|mlp16|stack> | blend | compare | cost <mlp32|mlp16> [epochs]');
    process.exit(2);
  }
}

// Run only as a script, so the settings and figures can be imported (the unit test, the probe).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
