/**
 * Whether a crisis is imminent: an attempt under way or just made, or means together with a time
 * that is now. Imminent changes what Haven shows first (the emergency number, as a button at the
 * top of every help card and of Aura's answer); the other crisis categories show the card as before.
 * Rules only, over frames that still stand after the context rules: a missed "imminent" still
 * shows the ordinary help card, so the rule can stay strict.
 */
import type { Hit, Sent } from './frames';

/** Categories that name means, a plan or a decision: with a time that is now, imminent. */
const MEANS_OR_PLAN = new Set(['method', 'plan', 'intent', 'preparation', 'lethality_question', 'third_party']);

/** Words that put the act now or within hours. Not "soon" or a weekday: those leave time to reach help. */
const NOW = new Set(['now', 'rn', 'tonight', 'tonite', 'today', 'minute', 'minutes', 'min', 'mins']);
const NOW_PHRASE = / right now | in an hour | in a few hours | this (evening|arvo|afternoon|morning) | before (morning|sunrise|midnight) | when everyone (is )?asleep /;

/** A standing frame counts from this weight on (decision.ts's "framed"). */
const STANDING = 0.4;

function nowIn(sents: readonly Sent[]): boolean {
  return sents.some((s) => s.some((t) => NOW.has(t.w)) || NOW_PHRASE.test(` ${s.map((t) => t.w).join(' ')} `));
}

export function isImminent(hits: readonly Hit[], sents: readonly Sent[]): boolean {
  const standing = hits.filter((h) => h.weight >= STANDING);
  if (standing.some((h) => h.id.endsWith(':attempt'))) return true;
  return standing.some((h) => MEANS_OR_PLAN.has(h.category) && !h.mention) && nowIn(sents);
}
