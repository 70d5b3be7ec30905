/**
 * The crisis decision. Frames (after context rules have lowered them) and the models (model.ts,
 * two averaged) vote: crisis if a strong frame still stands, or if the models' probability reaches
 * the threshold chosen leaving one author out. Either alone is enough: the frames carry phrasings the
 * models never saw, the models carry phrasings no frame was written for.
 */
import { applyContext, messageFlags } from './context';
import { evidenceOf, isCrisis } from './decision';
import { IMMINENT_MODEL, imminentProbability } from './imminent-model';
import { matchFrames, type Hit, type Sent } from './frames';
import { analyseLines } from './line-cache';
import { DISTRESS_PHRASES } from './lexicon';
import { MODEL, membersFeatures, modelProbability, logit } from './model';
import { attemptToldAsOver, isImminent } from './severity';

/**
 * 'imminent': an attempt under way or means with a time that is now (the emergency number first);
 * 'crisis': help offered as a card; 'distress': pain with no death or self-harm element.
 */
export type Tier = 'imminent' | 'crisis' | 'distress' | 'none';

const RANK: Record<Tier, number> = { none: 0, distress: 1, crisis: 2, imminent: 3 };

/** Help is shown for both crisis tiers. */
export function isCrisisTier(tier: Tier): boolean {
  return tier === 'crisis' || tier === 'imminent';
}

/** The higher of two tiers: a second opinion or a message's context may only raise it. */
export function higherTier(a: Tier, b: Tier): Tier {
  return RANK[b] > RANK[a] ? b : a;
}

/** Whose risk a message shows: the writer's own, or someone they are worried about. */
export type HelpSubject = 'self' | 'other';

export interface CrisisDecision {
  tier: Tier;
  /** Clinical category of the strongest frame (wish_dead, method, nssi, third_party …), or null. */
  category: string | null;
  /** Whose risk: the writer's, or someone they are worried about. */
  subject: HelpSubject;
  /** 0–1: the larger of the model's probability and the strongest frame's weight. */
  score: number;
  /** The words that triggered it (frame words, else the words the model leaned on most). */
  triggers: string[];
}

const DISTRESS: string[][] = DISTRESS_PHRASES.map((p) => p.split(' '));

/** Pain words with no self-harm or death element: "everything is falling apart", "I can't breathe". */
function distressWords(sents: Sent[]): string[] {
  const found: string[] = [];
  for (const s of sents) {
    for (let i = 0; i < s.length; i++) {
      for (const p of DISTRESS) {
        if (p.every((w, k) => s[i + k]?.l === w || s[i + k]?.w === w)) found.push(p.join(' '));
      }
    }
  }
  return found;
}

/** Whose message is it when only the model fired: someone named before any "I" in most sentences. */
function subjectFallback(sents: Sent[]): HelpSubject {
  let other = 0;
  let self = 0;
  for (const s of sents) {
    for (const t of s) {
      if (t.w === 'i') {
        self++;
        break;
      }
      if (/^(she|he|they|herself|himself|friend|sister|brother|mum|dad|girlfriend|boyfriend|roommate|flatmate|partner|son|daughter|student|cousin|wife|husband)$/.test(t.w)) {
        other++;
        break;
      }
    }
  }
  return other > self ? 'other' : 'self';
}

/** The words behind a model-only decision: those whose own weight pushed hardest towards crisis, over all members. */
function modelTriggers(sents: Sent[]): string[] {
  const scored: [string, number][] = [];
  for (const s of sents) {
    for (const t of s) {
      const xs = membersFeatures([[t]], [], []);
      let z = 0;
      MODEL.members.forEach((m, k) => (z += logit(xs[k]!, m) - m.bias));
      scored.push([t.w, z]);
    }
  }
  scored.sort((a, b) => b[1] - a[1]);
  return [...new Set(scored.filter(([, z]) => z > 0).slice(0, 3).map(([w]) => w))];
}

export interface Analysis {
  sents: Sent[];
  hits: Hit[];
  flags: string[];
  /** The model's probability after the context discount. */
  probability: number;
  crisis: boolean;
  imminent: boolean;
}

/** Everything the decision is made from; exported for the evaluation script and for tests. */
export function analyseMessage(text: string): Analysis {
  const sents = analyseLines(text);
  const hits = matchFrames(sents);
  const flags = messageFlags(sents);
  applyContext(hits, sents, flags);
  const xs = sents.length ? membersFeatures(sents, hits, flags) : null;
  const x = xs?.[0] ?? null;
  const e = evidenceOf(sents, hits, flags, xs ? modelProbability(xs) : 0);
  // The imminent model decides on its own: a line it finds imminent gets help even when the crisis
  // decision alone would offer none (imminent-model.ts); not an attempt the rules found told as over.
  const urgent = x !== null && !attemptToldAsOver(hits, sents) && imminentProbability(x) >= IMMINENT_MODEL.threshold;
  const crisis = urgent || (x !== null && isCrisis(e, MODEL));
  return { sents, hits, flags, probability: e.p, crisis, imminent: urgent || (crisis && isImminent(hits, sents)) };
}

/**
 * The decision on one message, judged with the same person's previous few messages in the same
 * place (oldest first): a plan spread over three lines ("sunday's the day" … "i have the pills")
 * is caught on the line that completes it. The window only raises the tier, and only when it shows
 * more than the earlier lines already did on their own, so help is not offered again on every
 * line that follows a message that already brought it.
 */
export function detectCrisis(text: string, previous: readonly string[] = []): CrisisDecision {
  const alone = decide(text);
  const earlier = previous.filter((p) => p.trim() !== '');
  if (alone.tier === 'imminent' || earlier.length === 0) return alone;
  const joined = decide(`${earlier.join('\n')}\n${text}`);
  // Most windows show nothing more than the message alone: then the earlier lines need no decision.
  if (!isCrisisTier(joined.tier) || RANK[joined.tier] <= RANK[alone.tier]) return alone;
  const before = decide(earlier.join('\n'));
  return RANK[joined.tier] > RANK[before.tier] ? joined : alone;
}

function decide(text: string): CrisisDecision {
  const { sents, hits, probability: p, crisis, imminent } = analyseMessage(text);
  const ranked = [...hits].sort((a, b) => b.weight - a.weight);
  const top = ranked[0];
  const score = Math.max(p, top?.weight ?? 0);
  if (crisis) {
    const standing = ranked.filter((h) => h.weight >= 0.3);
    // Someone else's risk when a standing frame is about them and none names the writer inside it.
    const other = standing.some((h) => h.subject === 'other');
    const selfNamed = standing.some((h) => h.subject !== 'other' && h.explicit);
    const subject = standing.length ? (other && !selfNamed ? 'other' : 'self') : subjectFallback(sents);
    const lead = standing.find((h) => (subject === 'other') === (h.subject === 'other')) ?? top;
    let triggers = [...new Set(standing.flatMap((h) => h.triggers))];
    if (!triggers.length) triggers = modelTriggers(sents);
    if (!triggers.length) triggers = sents.flat().map((t) => t.w).slice(0, 3);
    return { tier: imminent ? 'imminent' : 'crisis', category: lead ? (subject === 'other' ? 'third_party' : lead.category) : null, subject, score, triggers };
  }
  const pain = distressWords(sents);
  if (pain.length) {
    return { tier: 'distress', category: null, subject: 'self', score, triggers: pain };
  }
  return { tier: 'none', category: null, subject: 'self', score, triggers: [] };
}

/** Drop-in replacement for the old regex detector: true when help should be shown. */
export function detectRisk(text: string, previous: readonly string[] = []): boolean {
  return isCrisisTier(detectCrisis(text, previous).tier);
}
