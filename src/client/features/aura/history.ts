/** How the server's chat history lands in Dexie: keys and order match what the outbox writes locally. */
import type { AiHistoryEntry } from '../../../shared/api';
import type { LocalAiMessage } from '../../db/database';

/**
 * One row per history entry. The key is the entry's clientId (the question's clientId, or
 * `<clientId>:reply` for Aura's answer) so a row sent from this device is replaced, not doubled.
 */
export function historyToRows(chatId: string, history: readonly AiHistoryEntry[]): LocalAiMessage[] {
  return history.map((entry) => ({
    key: entry.clientId ?? entry._id,
    chatId,
    // The spec: any role other than 'user' is shown as the assistant.
    role: entry.role === 'user' ? 'user' : 'model',
    text: entry.parts[0]?.text ?? '',
    img: entry.parts[0]?.img ?? null,
    crisis: entry.crisis === true,
    crisisFor: entry.help?.subject,
    ...(entry.help?.imminent ? { crisisImminent: true } : {}),
    status: 'sent',
    error: null,
    createdAt: entry.createdAt,
    sortKey: Date.parse(entry.createdAt),
  }));
}
