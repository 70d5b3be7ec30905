/**
 * Trains the crisis detector's models and writes src/shared/safety/model-weights.json.
 *
 *   npm run train:crisis                  (the members, MEMBERS below: several minutes)
 *   npm run train:crisis -- imminent      (the imminent model, imminent-weights.json)
 *
 * The operating point is chosen leaving one author
 * out at a time (docs/crisis-detection.md, Measured): every author's lines are predicted by a model
 * that never saw that author, so the choice rewards what carries over to a stranger's words, not
 * memory of a style. The legacy sets are always trained on. The sealed author is never read.
 * Deterministic: fixed seed, fixed order. The honest figures come from
 * `npm run eval:crisis -- loao` (nested) and, at the very end, `npm run eval:crisis -- sealed`.
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONFIG, type FeatureConfig } from '../src/shared/safety/features';
import type { ImminentModelFile } from '../src/shared/safety/imminent-model';
import { FIRST, MODEL, type ModelFile } from '../src/shared/safety/model';
import { loadDevelopment } from './crisis/data';
import { imminentSetting } from './crisis/imminent';
import { CRISIS_SCALE, ensembleOutOfAuthor, featuresOf, IMMINENT_SCALE, quantise, SEED, toExample, train, trainImminent, type Params } from './crisis/learn';
import { best, pointsOf } from './crisis/points';

const SAFETY = join(dirname(fileURLToPath(import.meta.url)), '..', 'src/shared/safety');
const OUT = join(SAFETY, 'model-weights.json');
const IMMINENT_OUT = join(SAFETY, 'imminent-weights.json');

/**
 * The imminent model beside the committed crisis model: its setting chosen leaving one author out
 * (crisis/imminent.ts), then trained on every author's marks.
 */
function trainImminentModel(): void {
  const { rows, authors } = loadDevelopment();
  const examples = rows.map(toExample);
  const configs = MODEL.members.map((m) => m.config);
  const xsBy = configs.map((c) => featuresOf(examples, c));
  const xs = xsBy[0]!;
  const point = { strong: MODEL.strong, threshold: MODEL.threshold, bareThreshold: MODEL.bareThreshold };
  const crisis = ensembleOutOfAuthor(examples, xsBy, authors, configs, MODEL.training ?? PARAMS);
  const chosen = imminentSetting(examples, xs, authors, FIRST.config.buckets, point, crisis);
  if (!chosen) throw new Error('Every imminent setting adds too many false alarms: nothing written');
  console.log(`chosen: L2 ${chosen.params.lambda}, imminent weight ${chosen.params.posWeight}, threshold ${chosen.threshold}`);
  const m = trainImminent(examples, xs, examples.map((_, i) => i), FIRST.config.buckets, chosen.params);
  const file: ImminentModelFile = {
    version: 2,
    note: `Logistic regression for "imminent", trained by scripts/train-crisis-model.ts on the marks of ${authors.length} authors (seed ${SEED}); `
      + 'setting and threshold chosen leaving one author out. The sealed author was not read.',
    training: chosen.params,
    threshold: chosen.threshold,
    bias: m.bias,
    scale: IMMINENT_SCALE,
    weights: Array.from(m.weights, (v) => Math.round(v * IMMINENT_SCALE)),
  };
  writeFileSync(IMMINENT_OUT, `${JSON.stringify(file)}\n`);
  console.log(`wrote ${IMMINENT_OUT} (${(statSync(IMMINENT_OUT).size / 1024).toFixed(0)} KB)`);
}

/**
 * The members whose probabilities model.ts averages: words and concepts (the setting an earlier grid
 * over character n-grams, word scale, L2 and crisis weight chose, docs/crisis-detection.md), and
 * the same with character n-grams of 3 and 4 letters, which read misspellings. Averaged, they rank
 * a stranger's lines better than either alone ("Two models, averaged").
 */
const MEMBERS: readonly FeatureConfig[] = [
  { ...DEFAULT_CONFIG, charN: [], bigrams: true, lexScale: 0.5 },
  { ...DEFAULT_CONFIG, charN: [3, 4], bigrams: true, lexScale: 0.5 },
];
const PARAMS: Params = { lambda: 1e-2, posWeight: 1 };

function main(): void {
  const { rows, authors } = loadDevelopment();
  if (authors.length < 2) throw new Error('Leaving one author out needs at least two author folders in tests/safety/data/authors');
  const examples = rows.map(toExample);
  const ys = examples.map((e) => e.y);
  console.log(`development: ${examples.length} lines (${ys.filter(Boolean).length} crisis) from ${authors.length} authors plus the legacy sets`);

  const xsBy = MEMBERS.map((cfg) => featuresOf(examples, cfg));
  const point = best(pointsOf(examples, ensembleOutOfAuthor(examples, xsBy, authors, MEMBERS, PARAMS)));
  console.log(`chosen: strong frame ${point.strong}, threshold ${point.threshold} (no risk word or frame: ${point.bareThreshold})`);
  console.log(`pooled leave-one-author-out (operating point chosen on these same predictions, so optimistic): recall ${point.recall.toFixed(3)}, precision ${point.precision.toFixed(3)}`);

  const file: ModelFile = {
    version: 4,
    note: `${MEMBERS.length} logistic models, probabilities averaged, trained by scripts/train-crisis-model.ts on the development data (legacy sets and ${authors.length} authors; seed ${SEED}). `
      + 'Operating point chosen leaving one author out at a time. The sealed author was not read.',
    training: PARAMS,
    threshold: point.threshold,
    bareThreshold: point.bareThreshold,
    strong: point.strong,
    scale: CRISIS_SCALE,
    members: MEMBERS.map((cfg, k) => {
      const m = quantise(train(xsBy[k]!, ys, cfg.buckets, PARAMS, SEED), CRISIS_SCALE);
      return { config: cfg, bias: m.bias, weights: Array.from(m.weights, (v) => Math.round(v * CRISIS_SCALE)) };
    }),
  };
  writeFileSync(OUT, `${JSON.stringify(file)}\n`);
  console.log(`wrote ${OUT} (${(statSync(OUT).size / 1024).toFixed(0)} KB)`);
}

if (process.argv[2] === 'imminent') trainImminentModel();
else main();
