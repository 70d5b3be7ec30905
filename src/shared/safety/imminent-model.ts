/**
 * The imminent model: a logistic model over the first crisis model's features (model.ts) that learns "an
 * attempt under way, or the act within hours" from lines writers marked so. The rule in
 * severity.ts carries the phrasings it was written for; this carries the rest ("in the garage
 * with the car running", "said my goodbyes, doing it once they're asleep"). At its threshold a line
 * is imminent, and gets help, whatever the crisis decision says (unless an attempt in it is told as
 * over, severity.ts's attemptToldAsOver): it was chosen, leaving one author
 * out, to add almost no false alarms (docs/crisis-detection.md, "The imminent model"). Trained by
 * `npm run train:crisis -- imminent`; its weights are kept in steps of 1/50, so the file stays small.
 */
import type { Features } from './features';
import { probability, unscaled } from './model';
import raw from './imminent-weights.json';

export interface ImminentModelFile {
  version: number;
  /** What the weights were trained on and how the setting was chosen (for the reader, not the code). */
  note: string;
  training: { lambda: number; posWeight: number };
  /** Imminent when the model's probability reaches this. */
  threshold: number;
  bias: number;
  /** The weights as committed are whole numbers over this (model.ts). */
  scale: number;
  weights: number[];
}

export const IMMINENT_MODEL: ImminentModelFile = unscaled(raw as ImminentModelFile, (raw as ImminentModelFile).scale);

/** The imminent model's probability for a message's features (the crisis model's first member's, model.ts). */
export const imminentProbability = (x: Features): number => probability(x, IMMINENT_MODEL);
