/**
 * What the flusher sends next: pure functions over outbox rows, unit-tested.
 *
 * Order is kept per conversation, not across the whole outbox: a conversation whose oldest waiting
 * row is not due yet (backing off) holds back only its own later rows, and Aura chats go in
 * their own lanes so a slow answer never holds back a direct or group message.
 */
import type { OutboxRow } from '../db/database';
import { conversationKey } from '../../shared/conversation';
import { BATCH_MAX_ITEMS } from '../../shared/limits';
import { requestConversation, requestText } from '../../shared/outgoing';

/** Keeps a batch's JSON well under the server's 1 MiB body limit even for long messages. */
export const BATCH_MAX_TEXT_CHARS = 200_000;

const conversationOf = (row: OutboxRow) => conversationKey(requestConversation(row.request));

const waiting = (row: OutboxRow) => row.status !== 'failed';

/**
 * The next direct/group batch: due rows in outbox order, skipping every conversation whose first
 * waiting row is not due (so nothing overtakes it), up to the item and size limits.
 */
export function nextBatch(rows: readonly OutboxRow[], now: number, maxItems = BATCH_MAX_ITEMS): OutboxRow[] {
  const blocked = new Set<string>();
  const batch: OutboxRow[] = [];
  let chars = 0;
  for (const row of rows) {
    if (row.request.kind === 'aura' || !waiting(row)) continue;
    const conversation = conversationOf(row);
    if (blocked.has(conversation)) continue;
    if (row.nextAttemptAt > now) {
      blocked.add(conversation);
      continue;
    }
    const size = requestText(row.request).length + 64;
    if (batch.length > 0 && (batch.length >= maxItems || chars + size > BATCH_MAX_TEXT_CHARS)) break;
    batch.push(row);
    chars += size;
  }
  return batch;
}

/** Aura's waiting rows per chat, each chat's rows in outbox order. */
export function auraLanes(rows: readonly OutboxRow[]): OutboxRow[][] {
  const lanes = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    if (row.request.kind !== 'aura' || !waiting(row)) continue;
    const lane = lanes.get(row.request.chatId) ?? [];
    lane.push(row);
    lanes.set(row.request.chatId, lane);
  }
  return [...lanes.values()];
}

/** The earliest time a waiting row becomes due, or null when none waits for a later time. */
export function nextWakeUp(rows: readonly OutboxRow[], now: number): number | null {
  let earliest: number | null = null;
  for (const row of rows) {
    if (!waiting(row) || row.nextAttemptAt <= now) continue;
    earliest = earliest === null ? row.nextAttemptAt : Math.min(earliest, row.nextAttemptAt);
  }
  return earliest;
}
