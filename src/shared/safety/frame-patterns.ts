/**
 * The frame pattern language and its building helper. Frames are written in frames-thoughts.ts
 * (wishes, ideation, goodbyes, burden) and frames-acts.ts (means, plans, preparation, attempts,
 * self-injury, lethality questions, someone else at risk). Pattern language (matched on lemma or word):
 *   @concept   any word of a concept set in lexicon.ts
 *   a|b|c      one of these words (alternatives may mix words and @concepts)
 *   _N         up to N words in between (never across "but", "because" …)
 *   _Nx        the same, but not across another person or "you" ("hope he dies" ≠ "hope I die")
 *   _Na        the same, across anything
 *   $          the end of the sentence
 * Weights: ~0.95 is as clear as text gets, ~0.85 a strong frame that fires on its own (see decision.ts),
 * ~0.6 a weak one that only helps the model. `who: 'person'` needs a person as the subject.
 */

export type Category =
  | 'wish_dead' | 'active_ideation' | 'method' | 'intent' | 'plan' | 'preparation' | 'past_attempt' | 'nssi'
  | 'goodbye' | 'burden_entrapment' | 'lethality_question' | 'third_party'
  /** An attempt under way or just made: the imminent tier (severity.ts). */
  | 'attempt';

export interface FramePattern {
  id: string;
  cat: Category;
  w: number;
  p: string;
  /** 'person': the subject must be the writer or someone they name (not a film character, not "you"). */
  who?: 'person' | 'other' | 'any';
  /** In a how-to question "you" means anyone, including the writer. */
  youIsSelf?: boolean;
  /** A bare mention of a word (suicide, self-harm, overdose): topic talk lowers it more. */
  mention?: boolean;
}

export type FrameOpts = Pick<FramePattern, 'who' | 'youIsSelf' | 'mention'>;

/** A list and its add(): ids are the list's prefix and position, stable as long as the file is. */
export function frameList(prefix: string): { list: FramePattern[]; add: (cat: Category, w: number, p: string, opts?: FrameOpts) => void } {
  const list: FramePattern[] = [];
  return {
    list,
    add: (cat, w, p, opts = {}) => {
      list.push({ id: `${prefix}${list.length}:${cat}`, cat, w, p, ...opts });
    },
  };
}

/** The subject must be a person: the writer (named or not) or someone they name. */
export const P = { who: 'person' } as const;
