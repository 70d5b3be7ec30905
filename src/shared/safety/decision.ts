/**
 * The crisis rule, in one place so that training (which picks its parameters by cross-validation)
 * and detection (which applies them) can never disagree. Kept free of the weights file so the
 * training script can import it before any weights exist.
 */
import { contextDamp, riskEvidence } from './context';
import type { Hit, Sent } from './frames';

export interface DecisionParams {
  /** Crisis when a frame's weight after context reaches this, whatever the model says. */
  strong: number;
  /** Crisis when the (context-discounted) model probability reaches this and some frame stands. */
  threshold: number;
  /** The same, when neither a frame nor a risk word is in the message: the model alone needs more confidence. */
  bareThreshold: number;
}

export interface Evidence {
  /** Strongest frame weight after context. */
  rule: number;
  /** Model probability, already multiplied by the context discount. */
  p: number;
  /** A frame still stands (weight ≥ 0.4 after context). */
  framed: boolean;
  /** Some risk word or frame is in the message; without one the model alone needs bareThreshold. */
  evidence: boolean;
}

export function evidenceOf(sents: readonly Sent[], hits: readonly Hit[], flags: readonly string[], rawProbability: number): Evidence {
  return {
    rule: combine(hits),
    p: rawProbability * contextDamp(hits, flags),
    framed: hits.some((h) => h.weight >= 0.4),
    evidence: riskEvidence(sents, hits),
  };
}

export function isCrisis(e: Evidence, m: DecisionParams): boolean {
  if (e.rule >= m.strong) return true;
  return e.p >= (e.framed || e.evidence ? m.threshold : m.bareThreshold);
}

/**
 * Frames that agree add up: two moderate frames in different places of a message ("whole pack" and
 * "vodka tonight") are stronger than either. Noisy-or over the frames still standing (≥ 0.5),
 * counting overlapping frames (same sentence, shared words) once, by their strongest.
 */
export function combine(hits: readonly Hit[]): number {
  const standing = hits.filter((h) => h.weight >= 0.5).sort((a, b) => b.weight - a.weight);
  const kept: Hit[] = [];
  for (const h of standing) {
    if (!kept.some((k) => k.sent === h.sent && k.start <= h.end && h.start <= k.end)) kept.push(h);
  }
  let miss = 1;
  for (const h of kept) miss *= 1 - h.weight;
  return Math.max(hits.reduce((m, h) => Math.max(m, h.weight), 0), 1 - miss);
}
