/**
 * What a writer is privately offered after their own message: help worded for them, or for
 * someone they are worried about. Null when the message shows no crisis. The server puts it on
 * the author's own answer only; it never travels to anyone else.
 */
import { detectCrisis } from './detect';

export interface AuthorHelp {
  subject: 'self' | 'other';
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
