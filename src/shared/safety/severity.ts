/**
 * Whether a crisis is imminent: an attempt under way or just made, or means together with a time
 * that is now. Imminent changes what Haven shows first (the emergency number, as a button at the
 * top of every help card and of Aura's answer); the other crisis categories show the card as before.
 * Rules only, over frames that still stand after the context rules: a missed "imminent" still
 * shows the ordinary help card, so the rule can stay strict.
 */
import { sentenceText, type Hit, type Sent } from './frames';
import { CONCEPTS, type Concept } from './lexicon';

/** Categories that name means, a plan or a decision: with a time that is now, imminent. */
const MEANS_OR_PLAN = new Set(['method', 'plan', 'intent', 'preparation', 'lethality_question', 'third_party']);

/** Words that put the act now or within hours. Not "soon" or a weekday: those leave time to reach help. */
const NOW = new Set(['now', 'rn', 'tonight', 'tonite', 'today', 'minute', 'minutes', 'min', 'mins']);
const NOW_PHRASE = / right now | in an hour | in a few hours | this (evening|arvo|afternoon|morning) | before (morning|sunrise|midnight) | when everyone (is )?asleep /;

/** A standing frame counts from this weight on (decision.ts's "framed"). */
const STANDING = 0.4;
/** The weak attempt frames' weight (frames-attempt.ts); a context rule that lowers one takes it below. */
const WEAK_ATTEMPT = 0.3;

function nowIn(sents: readonly Sent[]): boolean {
  return sents.some((s) => s.some((t) => NOW.has(t.w)) || NOW_PHRASE.test(sentenceText(s)));
}

/** Means named anywhere in the message: with a time that is now, the act is hours away at most. */
const MEANS: readonly Concept[] = ['medicine', 'container', 'ligature', 'height', 'traffic', 'gasMeans', 'blade', 'gun', 'water', 'poison'];
const meansIn = (sents: readonly Sent[]) => sents.some((s) => s.some((t) => MEANS.some((c) => CONCEPTS[c].has(t.l) || CONCEPTS[c].has(t.w))));

/** What the body does after an overdose, told by the person: "my hands are going funny", "so sleepy". */
const EFFECTS = new Set(['sleepy', 'dizzy', 'drowsy', 'woozy', 'numb', 'funny', 'weird', 'blurry', 'heavy', 'faint', 'vomiting', 'throwing']);
const TOOK = new Set(['took', 'taken', 'swallowed', 'downed', 'drank', 'drunk', 'injected', 'popped', 'overdosed']);
const tookAndFeels = (sents: readonly Sent[]) => sents.some((s) => s.some((t) => TOOK.has(t.w))) && sents.some((s) => s.some((t) => EFFECTS.has(t.w)));

/** Only asked of a message already judged a crisis (detect.ts): how urgent it is. */
export function isImminent(hits: readonly Hit[], sents: readonly Sent[]): boolean {
  const standing = hits.filter((h) => h.weight >= STANDING);
  // Attempt frames count from the weak ones' weight: they only ever refine a decision already made.
  if (hits.some((h) => h.id.endsWith(':attempt') && h.weight >= WEAK_ATTEMPT)) return true;
  if (tookAndFeels(sents)) return true;
  const now = nowIn(sents);
  return now && (standing.some((h) => MEANS_OR_PLAN.has(h.category) && !h.mention) || meansIn(sents));
}

/**
 * When an attempt is told as over: the context rule for stories told as over lowered it, or the rule
 * for a resolved past did and its sentence puts it days or more back ("on Sunday", "two years ago",
 * "they pumped my stomach"). Not "woke up" or "survived" alone: "i woke up and took all my pills",
 * "swallowed the whole bottle, woke up on the floor, still here" are happening now.
 */
const OVER_RE = / (days?|weeks?|months?|years?) ago | last (year|month|week|summer|winter|spring|autumn) | back (then|in) | when i was | used to | pumped | on (monday|tuesday|wednesday|thursday|friday|saturday|sunday) /;

/**
 * The imminent model reads words, not time: "they pumped my stomach after I swallowed the whole
 * bottle" has the words of an attempt under way. When an attempt is told as over (above), the
 * model's verdict alone does not make the line imminent (the rule above still may, with a time
 * that is now); the crisis decision is made as for any line.
 */
export function attemptToldAsOver(hits: readonly Hit[], sents: readonly Sent[]): boolean {
  return hits.some((h) => h.category === 'attempt' && (h.lowered.includes('past-over')
    || (h.lowered.includes('resolved-past') && OVER_RE.test(sentenceText(sents[h.sent] ?? [])))));
}
