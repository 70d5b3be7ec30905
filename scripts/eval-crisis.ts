/**
 * Evaluates detectCrisis on one split of tests/safety/data and prints Markdown tables for
 * docs/behaviour.md ("Safety").
 *
 *   npx tsx scripts/eval-crisis.ts train
 *   npx tsx scripts/eval-crisis.ts heldout
 *
 * Crisis recall (overall and per risk category) and precision with 95 % Wilson intervals, false-alarm
 * rate per hard-negative category, false alarms per 1,000 ordinary chat lines, third-party detection
 * (crisis with subject 'other'), and speed per message after a warm-up. Nothing here tunes anything:
 * it only reports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { detectCrisis, type CrisisDecision } from '../src/shared/safety';

interface Row {
  text: string;
  label: 'crisis' | 'distress' | 'none';
  category: string;
  subject?: 'self' | 'other';
}

const split = process.argv[2];
if (split !== 'train' && split !== 'heldout') {
  console.error('usage: npx tsx scripts/eval-crisis.ts train|heldout');
  process.exit(2);
}
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests/safety/data', split);
const rows: Row[] = [];
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
  for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as Row);
}

/** 95 % Wilson score interval for k successes out of n. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rate = (k: number, n: number) => {
  const [lo, hi] = wilson(k, n);
  return `${pct(n ? k / n : 0)} | ${pct(lo)}–${pct(hi)}`;
};

// Warm-up (one untimed pass, so the JIT has compiled every path), then three timed passes. The
// first pass gives the plain figures; the median of the three per line shows how much of the tail
// is garbage collection or other processes on the machine rather than the detector.
for (const r of rows) detectCrisis(r.text);
const passes: number[][] = [[], [], []];
let decisions: CrisisDecision[] = [];
for (const times of passes) {
  decisions = rows.map((r) => {
    const t0 = performance.now();
    const d = detectCrisis(r.text);
    times.push(performance.now() - t0);
    return d;
  });
}
const times = passes[0] ?? [];
const medians = rows.map((_, i) => passes.map((p) => p[i] ?? 0).sort((a, b) => a - b)[1] ?? 0);

const isCrisis = (d: CrisisDecision) => d.tier === 'crisis';
const risk = rows.map((r, i) => ({ r, d: decisions[i] as CrisisDecision })).filter(({ r }) => r.label === 'crisis');
const ordinary = rows.map((r, i) => ({ r, d: decisions[i] as CrisisDecision })).filter(({ r }) => r.category === 'ordinary');
const hard = rows.map((r, i) => ({ r, d: decisions[i] as CrisisDecision })).filter(({ r }) => r.label !== 'crisis' && r.category !== 'ordinary');

const tp = risk.filter(({ d }) => isCrisis(d)).length;
const fp = [...ordinary, ...hard].filter(({ d }) => isCrisis(d)).length;

const out: string[] = [];
out.push(`### Crisis detector on the ${split} split (${rows.length} lines)`, '');
out.push('| Measure | Value | 95 % Wilson interval | n |', '|---|---|---|---|');
out.push(`| Crisis recall | ${rate(tp, risk.length)} | ${risk.length} |`);
out.push(`| Crisis precision | ${rate(tp, tp + fp)} | ${tp + fp} |`);
const ordFp = ordinary.filter(({ d }) => isCrisis(d)).length;
const [olo, ohi] = wilson(ordFp, ordinary.length);
out.push(`| False alarms per 1,000 ordinary lines | ${((ordFp / Math.max(1, ordinary.length)) * 1000).toFixed(1)} | ${(olo * 1000).toFixed(1)}–${(ohi * 1000).toFixed(1)} | ${ordinary.length} |`);
const hardFp = hard.filter(({ d }) => isCrisis(d)).length;
out.push(`| False-alarm rate, all hard negatives | ${rate(hardFp, hard.length)} | ${hard.length} |`);
const third = risk.filter(({ r }) => r.subject === 'other');
const thirdOk = third.filter(({ d }) => isCrisis(d) && d.subject === 'other').length;
out.push(`| Third party: crisis with subject 'other' | ${rate(thirdOk, third.length)} | ${third.length} |`);
const selfRisk = risk.filter(({ r }) => r.subject !== 'other' && r.category !== 'third_party');
const selfAsOther = selfRisk.filter(({ d }) => isCrisis(d) && d.subject === 'other').length;
out.push(`| Own crisis labelled as someone else's | ${rate(selfAsOther, selfRisk.length)} | ${selfRisk.length} |`);
const withTriggers = risk.filter(({ d }) => isCrisis(d) && d.triggers.length > 0).length;
out.push(`| Detected crises with non-empty triggers | ${rate(withTriggers, tp)} | ${tp} |`);

out.push('', '| Risk category | Recall | 95 % Wilson interval | n |', '|---|---|---|---|');
for (const cat of [...new Set(risk.map(({ r }) => r.category))].sort()) {
  const xs = risk.filter(({ r }) => r.category === cat);
  out.push(`| ${cat} | ${rate(xs.filter(({ d }) => isCrisis(d)).length, xs.length)} | ${xs.length} |`);
}

out.push('', '| Hard-negative category | False-alarm rate | 95 % Wilson interval | n |', '|---|---|---|---|');
for (const cat of [...new Set(hard.map(({ r }) => r.category))].sort()) {
  const xs = hard.filter(({ r }) => r.category === cat);
  out.push(`| ${cat} | ${rate(xs.filter(({ d }) => isCrisis(d)).length, xs.length)} | ${xs.length} |`);
}
const distress = hard.filter(({ r }) => r.label === 'distress');
if (distress.length) {
  const asDistress = distress.filter(({ d }) => d.tier === 'distress').length;
  out.push('', `Distress lines given the 'distress' tier: ${asDistress}/${distress.length} (${pct(asDistress / distress.length)}).`);
}

const p99Of = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;
const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
out.push('', '| Speed (after warm-up, all lines) | ms per message |', '|---|---|');
out.push(`| Mean (one timed pass) | ${meanOf(times).toFixed(3)} |`, `| p99 (one timed pass) | ${p99Of(times).toFixed(3)} |`);
out.push(`| Mean (per-line median of 3 passes) | ${meanOf(medians).toFixed(3)} |`, `| p99 (per-line median of 3 passes) | ${p99Of(medians).toFixed(3)} |`);
console.log(out.join('\n'));
