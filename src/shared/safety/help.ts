/**
 * What a writer is privately offered after their own message: help worded for them, or for
 * someone they are worried about, and whether it is imminent (the emergency number first). Null
 * when the message shows no crisis. The server puts it on the author's own answer only; it never
 * travels to anyone else.
 */
import { detectCrisis, isCrisisTier, type CrisisDecision, type HelpSubject } from './detect';
import { FRAME_WARM_UP_STEPS } from './frames';
import { IMMINENT_MODEL } from './imminent-model';
import { MODEL } from './model';

export type { HelpSubject } from './detect';

export interface AuthorHelp {
  subject: HelpSubject;
  category: string | null;
  /** An attempt under way, or means and a time that is now: the emergency number comes first. */
  imminent?: boolean;
}

export function helpOf(decision: CrisisDecision): AuthorHelp | null {
  if (!isCrisisTier(decision.tier)) return null;
  const help: AuthorHelp = { subject: decision.subject, category: decision.category };
  return decision.tier === 'imminent' ? { ...help, imminent: true } : help;
}

/**
 * What the first check would otherwise do on its own, as separate steps: the browser runs each in
 * an idle task of its own once the detector's file has loaded (src/client/safety/detector.ts), so no
 * single task holds a slow phone's main thread for long.
 */
export const WARM_UP_STEPS: readonly (() => void)[] = [...FRAME_WARM_UP_STEPS, ...MODEL.members.map((m) => () => void m.weights), () => void IMMINENT_MODEL.weights];

/** `previous`: the same writer's last few messages in the same place, oldest first (detect.ts). */
export function helpFor(text: string, previous: readonly string[] = []): AuthorHelp | null {
  return helpOf(detectCrisis(text, previous));
}

/** The answer as it is, or with `help` added when the author's text shows crisis risk. */
export function withAuthorHelp<T extends object>(answer: T, help: AuthorHelp | null): T & { help?: AuthorHelp } {
  return help ? { ...answer, help } : answer;
}

/**
 * `help` for an Aura answer stored with `crisis`: whose risk, read again from the question; the
 * stored `imminent` keeps the tier the question had in its context. An answer stored by an older
 * detector keeps its crisis flag and is worded for the writer.
 */
export function helpForAnswer(crisis: boolean, question: string, imminent = false): AuthorHelp | undefined {
  if (!crisis) return undefined;
  const help = helpFor(question) ?? { subject: 'self', category: null };
  return imminent ? { ...help, imminent: true } : help;
}
