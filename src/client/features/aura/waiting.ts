/** Whether Aura still owes an answer, read from the stored rows alone (so it survives reloads). */
import type { LocalAiMessage } from '../../db/database';

/**
 * The person's newest question when it is queued or on its way and no answer follows it;
 * null otherwise. A failed question is not waiting: it offers Retry instead.
 */
export function pendingQuestion(messages: readonly LocalAiMessage[]): LocalAiMessage | null {
  const last = messages.at(-1);
  if (!last || last.role !== 'user') return null;
  return last.status === 'queued' || last.status === 'sending' ? last : null;
}
