/**
 * Turns what someone typed into plain lowercase words split into sentences. People in a hard moment
 * do not write tidily: "i wnna k1ll mys3lf", "dieeee", "dont", "💀💀", curly quotes, accents. Every
 * later stage (lemmas, frames, the model) sees one spelling per word, so each of those habits has
 * to be undone here and nowhere else. Pure string work: no DOM, no Node APIs.
 */
import { isKnown, lemmatise } from './lemma';
import { TYPO_TARGETS, VOCAB } from './lexicon';
import { EMOJI, PHRASES, TOKEN_MAP } from './slang';

export interface Token {
  /** The normalised word. */
  w: string;
  /** Inside a quotation of more than a few words (reported or quoted speech). */
  q: boolean;
  /** A comma or dash came just before it: the end of a negation's reach. */
  b?: boolean;
}
export type Sentence = Token[];

const EMOJI_RE = new RegExp(Object.keys(EMOJI).map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu');

function known(w: string): boolean {
  return isKnown(w) || w in TOKEN_MAP;
}

/** Emoji, Unicode forms, accents, quotes and case: everything that is about characters, not words. */
function cleanCharacters(text: string): string {
  return text
    .replace(EMOJI_RE, (m) => ` ${EMOJI[m] ?? ''} `)
    // Other pictographs, skin tones, zero-width joiners and variation selectors: one alternative each,
    // since a character class mixing them reads as a combining sequence.
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200B|\u200C|\u200D|\uFE0E|\uFE0F|\u2060|\uFEFF/gu, ' ')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // strip diacritics: "suïcide" and "mórir" are typed on phone keyboards too
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC`´]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .toLowerCase();
}

/** Contractions with an apostrophe, and the slang forms that contain one (od'd, sh'd). */
function expandContractions(s: string): string {
  return s
    .replace(/\bo\.d\.?(?=\s|$|[,!?])/g, 'od')
    .replace(/\ba ?& ?e\b/g, 'hospital')
    .replace(/\bw\/o\b/g, 'without')
    .replace(/\bod'?d\b/g, 'overdosed')
    .replace(/\bo'?ding\b/g, 'overdosing')
    .replace(/\bsh'd\b/g, 'self harmed')
    .replace(/\bkms'?d\b/g, 'killed myself')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/\bcan'?t\b/g, 'can not')
    .replace(/\bshan't\b/g, 'shall not')
    .replace(/\bain't\b/g, 'is not')
    .replace(/n't\b/g, ' not')
    .replace(/'m\b/g, ' am')
    .replace(/'re\b/g, ' are')
    .replace(/'ve\b/g, ' have')
    .replace(/'ll\b/g, ' will')
    .replace(/'d\b/g, ' would')
    .replace(/\blet's\b/g, 'let us')
    .replace(/\b(it|that|he|she|there|what|who|here|where|how|this|everything|nothing|everyone|nobody|life)'s\b/g, '$1 is')
    .replace(/'s\b/g, '') // possessive: "friend's" → "friend"
    .replace(/'/g, ' ');
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'i', '+': 't' };

/** Squeeze letters typed three or more times: "dieeee" → "die", "killll" → "kill", "soooo" → "so". */
function squeeze(w: string): string {
  if (!/(.)\1\1/.test(w)) return w;
  const two = w.replace(/(.)\1{2,}/g, '$1$1');
  if (known(two)) return two;
  const one = w.replace(/(.)\1{2,}/g, '$1');
  if (known(one)) return one;
  // "anymoreee" → try dropping a doubled letter at the end, where stretching usually happens.
  const tail = two.replace(/(.)\1$/, '$1');
  return known(tail) ? tail : one;
}

/** Leetspeak: only kept when the decoded word is one we know, so "ps5" and "4g" stay as they are. */
function unleet(w: string): string {
  if (!/[a-z]/.test(w) || !/[0-9@$!|+]/.test(w) || w in TOKEN_MAP) return w;
  const decoded = squeeze(w.replace(/[0-9@$!|+]/g, (c) => LEET[c] ?? c));
  return /^[a-z]+$/.test(decoded) && known(decoded) ? decoded : w;
}

/** Dropped letters: "thinkin" → "thinking", "burnd" → "burned", only when the result is a word we know. */
function restoreEnding(w: string): string {
  if (w.length < 4 || known(w)) return w;
  if (w.endsWith('in') && w.length >= 5 && known(`${w}g`)) return `${w}g`;
  if (w.length >= 5 && /[^aeiou]d$/.test(w)) {
    const ed = `${w.slice(0, -1)}ed`;
    if (VOCAB.has(lemmatise(ed)) && lemmatise(ed) !== ed) return ed;
  }
  return w;
}

const FUZZY_TARGETS = TYPO_TARGETS.filter((w) => w.length >= 6);
/** Symmetric-delete index (one edit): every word with one letter removed points back to the word. */
const DELETES = new Map<string, string>();
for (const t of FUZZY_TARGETS) {
  for (let i = 0; i < t.length; i++) {
    const d = t.slice(0, i) + t.slice(i + 1);
    if (!DELETES.has(d)) DELETES.set(d, t);
  }
  if (!DELETES.has(t)) DELETES.set(t, t);
}

/** One typo away from a long known word (insertion, deletion, substitution or swap): "myslef" → "myself". */
function fuzzy(w: string): string {
  if (w.length < 6 || known(w) || !/^[a-z]+$/.test(w)) return w;
  const direct = DELETES.get(w);
  if (direct) return direct;
  for (let i = 0; i < w.length; i++) {
    const hit = DELETES.get(w.slice(0, i) + w.slice(i + 1));
    if (hit && Math.abs(hit.length - w.length) <= 1) return hit;
  }
  return w;
}

function normaliseWord(raw: string): string {
  let w = unleet(raw);
  w = w.replace(/[^a-z0-9]+/g, ' ').trim();
  if (!w) return '';
  return w
    .split(' ')
    .map((part) => {
      const squeezed = squeeze(part);
      const mapped = TOKEN_MAP[squeezed];
      if (mapped !== undefined) return mapped;
      const g = restoreEnding(squeezed);
      return TOKEN_MAP[g] ?? fuzzy(g);
    })
    .join(' ');
}

function rewritePhrases(sentence: string): string {
  let s = ` ${sentence} `;
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s.trim().replace(/\s+/g, ' ');
}

/** Quotations of more than three words are someone's speech; shorter ones are scare quotes ("accident"). */
function markQuotes(words: string[]): Token[] {
  const out: Token[] = [];
  let open = -1;
  let brk = false;
  for (const w of words) {
    if (w === ',' || w === '-') {
      brk = true;
      continue;
    }
    if (w !== '"') {
      out.push(brk ? { w, q: false, b: true } : { w, q: false });
      brk = false;
      continue;
    }
    if (open < 0) {
      open = out.length;
      continue;
    }
    if (out.length - open > 3) for (let i = open; i < out.length; i++) out[i] = { ...(out[i] ?? { w: '' }), q: true };
    open = -1;
  }
  // An unclosed quote running to the end of the sentence is treated like a closed one.
  if (open >= 0 && out.length - open > 3) for (let i = open; i < out.length; i++) out[i] = { ...(out[i] ?? { w: '' }), q: true };
  return out;
}

/** Sentences of normalised tokens. Sentence ends: . ! ? ; and line breaks (not "k!ll" or "37.5"). */
export function tokenise(text: string): Sentence[] {
  const cleaned = expandContractions(cleanCharacters(text));
  const sentences: Sentence[] = [];
  for (const chunk of cleaned.split(/(?:[.!?;]+(?=\s|$|")|\n|\.{2,})+/)) {
    const words: string[] = [];
    for (const raw of chunk.match(/"|,| - |[^\s",()[\]{}<>:*~_/\\=]+/g) ?? []) {
      if (raw === '"' || raw === ',' || raw === ' - ') {
        words.push(raw.trim());
        continue;
      }
      const w = normaliseWord(raw);
      if (w) words.push(w);
    }
    // Phrase rewrites run on the words between quote marks so that a quote never joins two phrases.
    const joined = words.join(' ').split('"').map(rewritePhrases).join(' " ');
    const tokens = markQuotes(joined.split(' ').filter(Boolean));
    if (tokens.length) sentences.push(tokens);
  }
  return sentences;
}

/** The normalised text as one string: words joined by spaces, sentences by ". ". */
export function normalise(text: string): string {
  return tokenise(text)
    .map((s) => s.map((t) => t.w).join(' '))
    .join('. ');
}
