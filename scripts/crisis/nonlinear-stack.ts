/**
 * The second stage of the nonlinear trial (nonlinear-eval.ts, setting "stack"): the linear
 * model's logit plus the frame, context and concept features a rule reader would look at, as a
 * small sparse vector for the network in nonlinear-mlp.ts. The logit fed in training is always
 * out of author (a linear model that never saw the line's author), so the second stage does not
 * learn from the linear model's own training fit.
 */
import { hash, negationScope, type Features } from '../../src/shared/safety/features';
import { conceptsOf } from '../../src/shared/safety/lexicon';
import type { Example } from './learn';

export const STACK_BUCKETS = 1 << 16;

export function stackFeatures(e: Example, logit: number): Features {
  const x: Features = new Map();
  const put = (name: string, v = 1): void => {
    const b = hash(name) % STACK_BUCKETS;
    const old = x.get(b);
    if (old === undefined || v > old) x.set(b, v);
  };
  // The linear logit, scaled to about unit size, with its sign split so ReLU units see both sides.
  const z = Math.max(-12, Math.min(12, logit)) / 4;
  put('z+', Math.max(0, z));
  put('z-', Math.max(0, -z));
  put('p', 1 / (1 + Math.exp(-logit)));
  put('bias');
  // The decision's own evidence (decision.ts): strongest frame, whether one stands, risk words, context discount.
  put('rule', e.unit.rule);
  if (e.unit.framed) put('framed');
  if (e.unit.evidence) put('evidence');
  put('damp', e.unit.p);
  if (e.unit.p < 1) put('damped');
  if (e.imminentRule) put('imminent');
  for (const h of e.hits) {
    put(`f:${h.category}`, h.weight);
    put(`fb:${h.category}`, h.base);
    put(`fs:${h.subject}`, h.weight);
    if (h.mention) put('mention', h.weight);
    for (const why of h.lowered) put(`fl:${why}`);
  }
  for (const f of e.flags) put(`flag:${f}`);
  for (const s of e.sents) {
    const negated = negationScope(s);
    s.forEach((t, i) => {
      for (const c of conceptsOf(t.l)) put(`c:${negated[i] ? '~' : ''}${c}`);
    });
  }
  const words = e.sents.reduce((n, s) => n + s.length, 0);
  put(`len:${words < 4 ? 'short' : words < 12 ? 'mid' : 'long'}`);
  return x;
}
