/**
 * What a writer is privately offered after their own message: help worded for them, or for
 * someone they are worried about. Null when the message shows no crisis. The server puts it on
 * the author's own answer only; it never travels to anyone else.
 */
import { detectCrisis, type HelpSubject } from './detect';

export type { HelpSubject } from './detect';

export interface AuthorHelp {
  subject: HelpSubject;
  category: string | null;
}

export function helpFor(text: string): AuthorHelp | null {
  const decision = detectCrisis(text);
  return decision.tier === 'crisis' ? { subject: decision.subject, category: decision.category } : null;
}

/** The answer as it is, or with `help` added when the author's text shows crisis risk. */
export function withAuthorHelp<T extends object>(answer: T, text: string): T & { help?: AuthorHelp } {
  const help = helpFor(text);
  return help ? { ...answer, help } : answer;
}

/**
 * `help` for an Aura answer stored with `crisis`: whose risk, read again from the question. An
 * answer stored by an older detector keeps its crisis flag and is worded for the writer.
 */
export function helpForAnswer(crisis: boolean, question: string): AuthorHelp | undefined {
  if (!crisis) return undefined;
  return helpFor(question) ?? { subject: 'self', category: null };
}
