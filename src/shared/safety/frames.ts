/**
 * Slot frames over lemmas. A frame is a short pattern of concept slots with small gaps, e.g.
 * "@wish _3 @die" (want … to die) or "@harm myself"; it fires with a clinical category, a weight
 * and the words it matched. Frames generalise where a regex list does not: any wish word, any
 * death word, any word form (the lemmatiser folds them) and a few words in between all match.
 * The patterns themselves live in frame-patterns.ts; this file is the small matcher.
 */
import { lemmatise } from './lemma';
import { CONCEPTS, GENERIC_PEOPLE, type Concept } from './lexicon';
import { tokenise } from './normalise';
import type { Category, FramePattern } from './frame-patterns';
import { ACT_FRAMES } from './frames-acts';
import { THOUGHT_FRAMES } from './frames-thoughts';
import { ATTEMPT_FRAMES } from './frames-attempt';
import { EVERYDAY_FRAMES } from './frames-everyday';

export type { Category } from './frame-patterns';
/** 'generic': a person who is neither the writer nor someone they know (a man on the news, a character). */
export type Subject = 'self' | 'other' | 'you' | 'generic';

/** Read-only: a line's tokens are shared by every analysis that meets the line (line-cache.ts). */
export interface Tok {
  /** Normalised word. */
  readonly w: string;
  /** Lemma. */
  readonly l: string;
  /** Inside a long quotation. */
  readonly q: boolean;
  /** A comma came just before it. */
  readonly b?: boolean;
}
export type Sent = readonly Tok[];

export interface Hit {
  id: string;
  category: Category;
  /** Weight after context rules (context.ts may only lower it). */
  weight: number;
  /** Weight as the pattern gave it. */
  base: number;
  subject: Subject;
  sent: number;
  start: number;
  end: number;
  /** The matched words, for the person reviewing why a help card was shown. */
  triggers: string[];
  /** Names of the context rules that lowered it. */
  lowered: string[];
  /** A bare mention of a word (suicide, self-harm, overdose) rather than an act or a wish. */
  mention: boolean;
  /** The subject was named inside the match (myself, herself, she) rather than guessed from before it. */
  explicit: boolean;
}

/** A sentence's words as one string with a space at each end, so a phrase pattern can ask for whole words (" ago "). */
export const sentenceText = (s: Sent): string => ` ${s.map((t) => t.w).join(' ')} `;

/** Tokens with lemmas, sentence by sentence. */
export function analyse(text: string): Sent[] {
  return tokenise(text).map((s) => s.map((t) => (t.b ? { w: t.w, l: lemmatise(t.w), q: t.q, b: true } : { w: t.w, l: lemmatise(t.w), q: t.q })));
}

/** One slot: any of some words and/or any word of some concepts ("@wish|sleep"), or a gap. */
type Slot =
  | { kind: 'words'; set: ReadonlySet<string>; concepts: Concept[] }
  | { kind: 'gap'; max: number; noOther: boolean; anyWord: boolean }
  | { kind: 'end' };

interface Compiled extends FramePattern {
  slots: Slot[];
}

/** Other people and "you": a gap marked "_3x" may not cross them, so "hope he dies" is not "hope I die". */
const OTHER_WORDS = new Set([...CONCEPTS.otherPron, ...CONCEPTS.relation, 'you', 'your', 'someone', 'somebody']);
/** Clause breaks no gap crosses: "I want to go out but the party is dead" is two thoughts. */
const GAP_STOP = new Set(['but', 'because', 'although', 'though', 'unless', 'whereas']);

function compile(p: FramePattern): Compiled {
  const slots: Slot[] = p.p.split(/\s+/).map((part): Slot => {
    const gap = /^_(\d)([xa]?)$/.exec(part);
    if (gap) return { kind: 'gap', max: Number(gap[1]), noOther: gap[2] === 'x', anyWord: gap[2] === 'a' };
    if (part === '$') return { kind: 'end' };
    const alts = part.split('|');
    // "$" among alternatives would be read as a word and never match: a frame that silently fires on nothing.
    if (alts.includes('$')) throw new Error(`frame ${p.id}: "$" must stand alone, not among alternatives`);
    const concepts = alts.filter((a) => a.startsWith('@')).map((a) => a.slice(1) as Concept);
    for (const c of concepts) if (!(c in CONCEPTS)) throw new Error(`unknown concept ${c} in frame ${p.id}`);
    return { kind: 'words', set: new Set(alts.filter((a) => !a.startsWith('@'))), concepts };
  });
  return { ...p, slots };
}

/**
 * Frames by the words their first slot accepts, so each token only tries the few frames that can
 * start on it (a few hundred frames × every token would cost milliseconds on a long message).
 * Built on first use rather than when the file loads, and in parts: in the browser the detector's
 * warm-up builds one part per idle task (help.ts), so neither loading the file nor any one part is
 * a long task on a slow phone. The parts go in order, so each word's list keeps the frames' order.
 */
const ALL_FRAMES: readonly FramePattern[] = [...THOUGHT_FRAMES, ...ACT_FRAMES, ...ATTEMPT_FRAMES, ...EVERYDAY_FRAMES];
/** Frames indexed per part: about 12 ms each on a phone's CPU slowed 4× (the whole index took 56–60 ms). */
const PART_SIZE = 100;
const byFirst = new Map<string, Compiled[]>();
let indexed = 0;

/** Tests: each first word with the ids of the frames it starts, in the order they are tried. */
export const frameIndexIds = (): [string, string[]][] => [...framesByFirst()].map(([word, frames]) => [word, frames.map((f) => f.id)]);

function indexNextPart(): void {
  for (const f of ALL_FRAMES.slice(indexed, indexed + PART_SIZE).map(compile)) {
    const first = f.slots[0];
    if (!first || first.kind !== 'words') throw new Error(`frame ${f.id} must start with a word slot`);
    const keys = new Set([...first.set, ...first.concepts.flatMap((c) => [...CONCEPTS[c]])]);
    for (const k of keys) {
      const list = byFirst.get(k);
      if (list) list.push(f);
      else byFirst.set(k, [f]);
    }
  }
  indexed = Math.min(indexed + PART_SIZE, ALL_FRAMES.length);
}

function framesByFirst(): Map<string, Compiled[]> {
  while (indexed < ALL_FRAMES.length) indexNextPart();
  return byFirst;
}

/** help.ts's warm-up: each step indexes the next part of the frames (nothing once all are). */
export const FRAME_WARM_UP_STEPS: readonly (() => void)[] = Array.from({ length: Math.ceil(ALL_FRAMES.length / PART_SIZE) }, () => indexNextPart);

function slotMatches(slot: Slot, t: Tok): boolean {
  if (slot.kind !== 'words') return false;
  if (slot.set.has(t.l) || slot.set.has(t.w)) return true;
  return slot.concepts.some((c) => CONCEPTS[c].has(t.l) || CONCEPTS[c].has(t.w));
}

/** Backtracking match of slots from token i; returns the indices of the matched (non-gap) tokens. */
function matchAt(slots: Slot[], s: Sent, si: number, ti: number, out: number[]): boolean {
  if (si === slots.length) return true;
  const slot = slots[si];
  if (!slot) return true;
  if (slot.kind === 'end') return ti === s.length && matchAt(slots, s, si + 1, ti, out);
  if (slot.kind === 'gap') {
    for (let skip = 0; skip <= slot.max && ti + skip <= s.length; skip++) {
      if (skip > 0) {
        const t = s[ti + skip - 1];
        if (!t || (!slot.anyWord && GAP_STOP.has(t.w)) || (slot.noOther && OTHER_WORDS.has(t.w))) return false;
      }
      if (matchAt(slots, s, si + 1, ti + skip, out)) return true;
    }
    return false;
  }
  const t = s[ti];
  if (!t || !slotMatches(slot, t)) return false;
  out.push(ti);
  if (matchAt(slots, s, si + 1, ti + 1, out)) return true;
  out.pop();
  return false;
}

const OTHER_CUES = new Set([...CONCEPTS.otherPron, ...CONCEPTS.relation, ...CONCEPTS.otherRefl]);

const TO_ME = new Set(['text', 'tell', 'send', 'message', 'ask', 'give', 'show', 'call', 'write', 'say', 'dm', 'txted', 'texted', 'msg']);
const PREPOSITIONS = new Set(['near', 'to', 'with', 'for', 'at', 'from', 'about', 'of', 'by', 'after', 'behind', 'beside']);
const isOther = (t: Tok) => OTHER_CUES.has(t.w) || OTHER_CUES.has(t.l);

/**
 * Whose risk is it? Inside the match, the writer (I, me, myself) or someone else (herself, she,
 * my friend) decides, and the answer is "explicit"; otherwise the nearest person word before the
 * match in the same sentence does ("my sister … took", "he … better off dead").
 */
export function subjectOf(s: Sent, start: number, end: number): { who: Subject | null; explicit: boolean } {
  for (let i = start; i <= end; i++) {
    const w = s[i]?.w ?? '';
    // "texted me", "told me", "gave me": there the writer is the one spoken to, not the one at risk.
    if (w === 'me' && TO_ME.has(s[i - 1]?.l ?? '')) continue;
    if (w === 'myself' || w === 'i' || w === 'me') return { who: 'self', explicit: true };
    if (CONCEPTS.otherRefl.has(w)) return { who: 'other', explicit: true };
    if (CONCEPTS.youRefl.has(w)) return { who: 'you', explicit: true };
  }
  // "she", "he" inside the match ("said he won't need it"); not "they" (often things: "where they'll be found").
  for (let i = start; i <= end; i++) {
    const w = s[i]?.w ?? '';
    if (w === 'she' || w === 'he') return { who: 'other', explicit: true };
  }
  // "the rice burned again", "a man jumped": a thing or a stranger right before the verb is its subject.
  const prev = s[start - 1];
  if (prev && !s[start]?.b && /^(the|a|an|this|that)$/.test(s[start - 2]?.w ?? '') && !isOther(prev) && !/^(i|me|my|you|your)$/.test(prev.w)) {
    return { who: 'generic', explicit: false };
  }
  for (let i = start - 1; i >= 0; i--) {
    const t = s[i];
    if (!t) continue;
    if (t.w === 'me' && TO_ME.has(s[i - 1]?.l ?? '')) continue;
    if (t.w === 'i' || t.w === 'me' || t.w === 'myself') return { who: 'self', explicit: false };
    // "near my nan's", "to my sister": a person after a preposition is not the one acting.
    if (isOther(t) && s[i - 1]?.w === 'my' && PREPOSITIONS.has(s[i - 2]?.w ?? '')) continue;
    if (isOther(t)) return { who: 'other', explicit: false };
    if (t.w === 'my') return { who: 'self', explicit: false };
    if (t.w === 'you' || t.w === 'your') return { who: 'you', explicit: false };
    if (GENERIC_PEOPLE.has(t.w) || GENERIC_PEOPLE.has(t.l)) return { who: 'generic', explicit: false };
  }
  for (let i = start; i <= end; i++) {
    const t = s[i];
    if (t && t.w !== 'they' && t.w !== 'them' && isOther(t) && !(s[i - 1]?.w === 'my' && PREPOSITIONS.has(s[i - 2]?.w ?? ''))) {
      return { who: 'other', explicit: false };
    }
  }
  for (let i = start; i <= end; i++) if (s[i]?.w === 'my') return { who: 'self', explicit: false };
  return { who: null, explicit: false };
}

const NONE: Compiled[] = [];

/** Every frame that fires, at most once per frame and sentence. */
export function matchFrames(sents: Sent[]): Hit[] {
  const hits: Hit[] = [];
  const index = framesByFirst();
  sents.forEach((s, si) => {
    const done = new Set<string>();
    for (let ti = 0; ti < s.length; ti++) {
      const t = s[ti];
      if (!t) continue;
      const byWord = index.get(t.w) ?? NONE;
      const byLemma = t.l === t.w ? NONE : (index.get(t.l) ?? NONE);
      for (let k = 0; k < byWord.length + byLemma.length; k++) {
        const f = k < byWord.length ? byWord[k] : byLemma[k - byWord.length];
        if (!f || done.has(f.id)) continue;
        const idx: number[] = [];
        if (!matchAt(f.slots, s, 0, ti, idx)) continue;
        const hit = toHit(f, s, si, idx, ti);
        if (!hit) continue;
        done.add(f.id);
        hits.push(hit);
      }
    }
  });
  return hits;
}

function toHit(f: Compiled, s: Sent, si: number, idx: number[], ti: number): Hit | null {
  const start = idx[0] ?? ti;
  const end = idx[idx.length - 1] ?? ti;
  const { who: found, explicit } = subjectOf(s, start, end);
  const who = f.who ?? 'any';
  // No person named at all: chat drops the subject ("tired of living"), and that subject is the writer.
  // "you" counts as the writer only in how-to questions ("how do you kill yourself"): there it means anyone.
  const subject: Subject = found === 'you' && f.youIsSelf ? 'self' : (found ?? 'self');
  const person = found === null || found === 'self' || found === 'other' || (found === 'you' && f.youIsSelf === true);
  if (who === 'person' && !person) return null;
  if (who === 'other' && found !== 'other') return null;
  return {
    id: f.id,
    category: subject === 'other' ? 'third_party' : f.cat,
    weight: f.w,
    base: f.w,
    subject,
    sent: si,
    start,
    end,
    triggers: idx.map((i) => s[i]?.w ?? '').filter(Boolean),
    lowered: [],
    mention: f.mention === true,
    explicit,
  };
}
