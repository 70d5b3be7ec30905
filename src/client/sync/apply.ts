/**
 * What a send changes locally: the outbox row goes and the server's copy replaces the optimistic
 * one, in one transaction — for a whole batch too, so a backlog costs one IndexedDB transaction
 * per hundred messages rather than two per message.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { auraReplyKey, conversationKey } from '../../shared/conversation';
import { requestClientId, requestConversation } from '../../shared/outgoing';
import type { HavenDb, LocalMessage, OutboxRow } from '../db/database';
import { noteServerHelp } from '../safety/help-notes';
import { fromDirect, fromGroup, mergeServerMessage } from './merge';
import type { AuraAnswer, ItemOutcome } from './transport';

const toLocal = (db: HavenDb, row: OutboxRow, data: DirectMessage | GroupMessage): LocalMessage =>
  (row.request.kind === 'direct' ? fromDirect(data as DirectMessage, db.userId) : fromGroup(data as GroupMessage));


/** A batch's per-item results: stored rows replace their optimistic copies, refused ones are marked failed (text kept). */
export async function applyBatch(db: HavenDb, rows: readonly OutboxRow[], results: readonly ItemOutcome[]): Promise<void> {
  await db.transaction('rw', [db.outbox, db.messages, db.meta], async () => {
    const locals = await db.messages.bulkGet(rows.map((r) => r.messageKey));
    const puts: LocalMessage[] = [];
    rows.forEach((row, i) => {
      const result = results[i]!;
      const local = locals[i];
      if (result.ok) {
        // The socket's echo often lands first: a row already stored as sent is not written again.
        if (local?.status !== 'sent' || local.seq !== result.data.seq) puts.push(mergeServerMessage(local, toLocal(db, row, result.data)));
      }
      else if (local) puts.push({ ...local, status: 'failed', error: result.message });
    });
    await db.outbox.bulkDelete(rows.filter((_, i) => results[i]!.ok).map((r) => r.order!));
    const refused = rows.flatMap((row, i) => {
      const result = results[i]!;
      return result.ok ? [] : [{ key: row.order!, changes: { status: 'failed' as const, error: result.message } }];
    });
    if (refused.length) await db.outbox.bulkUpdate(refused);
    await db.messages.bulkPut(puts);
    for (const [i, row] of rows.entries()) {
      const result = results[i]!;
      if (result.ok && result.help) await noteServerHelp(db, conversationKey(requestConversation(row.request)), result.help, locals[i]?.createdAt ?? result.data.createdAt);
    }
  });
}

/** A batch that got no usable answer: every row waits until `nextAttemptAt`, one transaction. */
export async function deferBatch(db: HavenDb, rows: readonly OutboxRow[], change: (row: OutboxRow) => Partial<OutboxRow>): Promise<void> {
  await db.outbox.bulkUpdate(rows.map((row) => ({ key: row.order!, changes: change(row) })));
}

/** Aura's answer to one question: the question is sent, the answer stored beside it, the chat known to the server. */
export async function applyAuraAnswer(db: HavenDb, row: OutboxRow, reply: AuraAnswer): Promise<void> {
  if (row.request.kind !== 'aura') throw new Error('Not an Aura question');
  const { chatId } = row.request;
  const clientId = requestClientId(row.request);
  await db.transaction('rw', [db.outbox, db.aiMessages, db.aiChats], async () => {
    await db.outbox.delete(row.order!);
    const question = await db.aiMessages.get(row.messageKey);
    const at = new Date().toISOString();
    await db.aiMessages.update(row.messageKey, { status: 'sent', error: null });
    await db.aiMessages.put({
      key: auraReplyKey(clientId), chatId, role: 'model', text: reply.aiResponse, img: null, crisis: reply.crisis,
      crisisFor: reply.help?.subject, crisisImminent: reply.help?.imminent === true,
      status: 'sent', error: null, createdAt: at, sortKey: (question?.sortKey ?? Date.now()) + 0.5,
    });
    const chat = await db.aiChats.get(chatId);
    await db.aiChats.put({
      _id: chatId, title: reply.title ?? chat?.title ?? '', createdAt: chat?.createdAt ?? at, updatedAt: at, local: false,
    });
  });
}

/** An Aura question's state, on its outbox row and on the question shown. */
export async function markAuraState(db: HavenDb, row: OutboxRow, change: Pick<OutboxRow, 'status'> & Partial<OutboxRow>): Promise<void> {
  await db.transaction('rw', [db.outbox, db.aiMessages], async () => {
    await db.outbox.update(row.order!, change);
    await db.aiMessages.update(row.messageKey, { status: change.status, error: change.error ?? null });
  });
}
