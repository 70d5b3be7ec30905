/**
 * The crisis detector's figures as Markdown tables: recall per risk category and precision with
 * 95 % Wilson intervals, false alarms per hard-negative category and per 1,000 ordinary lines, and
 * the imminent tier on its own. Used for the leave-one-author-out table and the sealed author alike.
 */
import type { Tier } from '../../src/shared/safety';
import type { Row } from './data';

export interface Judged {
  row: Row;
  tier: Tier;
}

export function wilson(k: number, n: number): [number, number] {
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
  return `${pct(n ? k / n : 0)} (${k}/${n}) | ${pct(lo)}–${pct(hi)}`;
};
const fires = (j: Judged) => j.tier === 'crisis' || j.tier === 'imminent';

export function summary(judged: readonly Judged[]): { recall: number; precision: number; ordinaryPer1000: number; imminentRecall: number } {
  const risk = judged.filter((j) => j.row.label === 'crisis');
  const tp = risk.filter(fires).length;
  const fp = judged.filter((j) => j.row.label !== 'crisis' && fires(j)).length;
  const ordinary = judged.filter((j) => j.row.category === 'ordinary');
  const imminent = risk.filter((j) => j.row.imminent);
  return {
    recall: tp / Math.max(1, risk.length),
    precision: tp / Math.max(1, tp + fp),
    ordinaryPer1000: (ordinary.filter(fires).length / Math.max(1, ordinary.length)) * 1000,
    imminentRecall: imminent.filter(fires).length / Math.max(1, imminent.length),
  };
}

export function tables(title: string, judged: readonly Judged[]): string {
  const risk = judged.filter((j) => j.row.label === 'crisis');
  const negatives = judged.filter((j) => j.row.label !== 'crisis');
  const ordinary = negatives.filter((j) => j.row.category === 'ordinary');
  const hard = negatives.filter((j) => j.row.category !== 'ordinary');
  const tp = risk.filter(fires).length;
  const fp = negatives.filter(fires).length;
  const imminent = risk.filter((j) => j.row.imminent);
  const ordFp = ordinary.filter(fires).length;
  const [olo, ohi] = wilson(ordFp, ordinary.length);
  const out = [`### ${title} (${judged.length} lines)`, '', '| Measure | Value | 95 % Wilson interval |', '|---|---|---|'];
  out.push(`| Crisis recall | ${rate(tp, risk.length)} |`);
  out.push(`| Crisis precision | ${rate(tp, tp + fp)} |`);
  out.push(`| False alarms per 1,000 ordinary lines | ${((ordFp / Math.max(1, ordinary.length)) * 1000).toFixed(1)} (${ordFp}/${ordinary.length}) | ${(olo * 1000).toFixed(1)}–${(ohi * 1000).toFixed(1)} |`);
  out.push(`| False-alarm rate, hard negatives | ${rate(hard.filter(fires).length, hard.length)} |`);
  out.push(`| Imminent lines given help (either crisis tier) | ${rate(imminent.filter(fires).length, imminent.length)} |`);
  out.push(`| Imminent lines given the imminent tier | ${rate(imminent.filter((j) => j.tier === 'imminent').length, imminent.length)} |`);
  const notImminent = risk.filter((j) => !j.row.imminent);
  out.push(`| Other crisis lines raised to imminent | ${rate(notImminent.filter((j) => j.tier === 'imminent').length, notImminent.length)} |`);
  out.push('', '| Risk category | Recall | 95 % Wilson interval |', '|---|---|---|');
  for (const cat of [...new Set(risk.map((j) => j.row.category))].sort()) {
    const xs = risk.filter((j) => j.row.category === cat);
    out.push(`| ${cat} | ${rate(xs.filter(fires).length, xs.length)} |`);
  }
  out.push('', '| Hard-negative category | False-alarm rate | 95 % Wilson interval |', '|---|---|---|');
  for (const cat of [...new Set(hard.map((j) => j.row.category))].sort()) {
    const xs = hard.filter((j) => j.row.category === cat);
    out.push(`| ${cat} | ${rate(xs.filter(fires).length, xs.length)} |`);
  }
  const authors = [...new Set(judged.map((j) => j.row.author))].sort();
  if (authors.length > 1) {
    out.push('', '| Author | Recall | Precision | False alarms per 1,000 ordinary | Imminent given help |', '|---|---|---|---|---|');
    for (const a of authors) {
      const s = summary(judged.filter((j) => j.row.author === a));
      out.push(`| ${a} | ${pct(s.recall)} | ${pct(s.precision)} | ${s.ordinaryPer1000.toFixed(1)} | ${pct(s.imminentRecall)} |`);
    }
  }
  return out.join('\n');
}
