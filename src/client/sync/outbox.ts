/**
 * Sending anything: the optimistic message and its outbox row land in one transaction, with a
 * clientId made once here and kept across every retry and reload. Status: queued → sending →
 * sent | failed. A failed row keeps its text and offers Retry and Delete.
 */
import type { MessageSender } from '../../shared/api';
import { directKey, groupKey, newDeviceClientId } from '../../shared/conversation';
import { newId } from '../../shared/ids';
import type { OutgoingRequest } from '../../shared/outgoing';
import { localSortKey, messageKey, pendingSortKey, type HavenDb, type LocalAiMessage, type LocalMessage, type OutboxRow } from '../db/database';
import { safeWrite } from '../db/safe-write';

function outboxRow(messageKeyValue: string, request: OutgoingRequest): OutboxRow {
  return { messageKey: messageKeyValue, request, status: 'queued', attempts: 0, nextAttemptAt: 0, error: null };
}

function pendingMessage(fields: Pick<LocalMessage, 'kind' | 'conversation' | 'senderId' | 'receiverId' | 'groupId' | 'sender' | 'text' | 'image' | 'clientId'>): LocalMessage {
  const now = Date.now();
  return {
    ...fields, key: messageKey(fields.senderId, fields.clientId), _id: null, seq: null,
    createdAt: new Date(now).toISOString(), status: 'queued', error: null, sortKey: pendingSortKey(now),
  };
}

export async function queueDirect(db: HavenDb, me: string, toUserId: string, text: string, image: string | null): Promise<LocalMessage> {
  const clientId = newDeviceClientId();
  const message = pendingMessage({ kind: 'direct', conversation: directKey(toUserId), senderId: me, receiverId: toUserId, groupId: null, sender: null, text, image, clientId });
  await safeWrite(db, () => db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.add(message);
    await db.outbox.add(outboxRow(message.key, { kind: 'direct', to: toUserId, text, image, clientId }));
  }));
  return message;
}

export async function queueGroup(db: HavenDb, me: MessageSender, groupId: string, text: string): Promise<LocalMessage> {
  const clientId = newDeviceClientId();
  const message = pendingMessage({ kind: 'group', conversation: groupKey(groupId), senderId: me._id, receiverId: null, groupId, sender: me, text, image: null, clientId });
  await safeWrite(db, () => db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.add(message);
    await db.outbox.add(outboxRow(message.key, { kind: 'group', groupId, text, clientId }));
  }));
  return message;
}

/**
 * A question to Aura. With no chatId a new chat is made here, under an id the server will accept
 * (POST /api/chats takes it), so it can be opened at /aura-ai/chats/<id> before any network.
 */
export async function queueAura(db: HavenDb, chatId: string | null, text: string, img: string | null): Promise<{ chatId: string; question: LocalAiMessage }> {
  const clientId = newDeviceClientId();
  const id = chatId ?? newId();
  const now = Date.now();
  const question: LocalAiMessage = {
    key: clientId, chatId: id, role: 'user', text, img, crisis: false, status: 'queued', error: null,
    // Aura's rows sort by time: the answer takes the question's key + 0.5.
    createdAt: new Date(now).toISOString(), sortKey: localSortKey(now),
  };
  await safeWrite(db, () => db.transaction('rw', db.aiChats, db.aiMessages, db.outbox, async () => {
    if (!chatId) {
      const at = new Date(now).toISOString();
      await db.aiChats.add({ _id: id, title: '', createdAt: at, updatedAt: at, local: true });
    }
    await db.aiMessages.add(question);
    await db.outbox.add(outboxRow(clientId, chatId
      ? { kind: 'aura', chatId: id, ask: { question: text, img, clientId } }
      : { kind: 'aura', chatId: id, create: { chatId: id, text, img, clientId } }));
  }));
  return { chatId: id, question };
}

/** Puts a failed message back in the queue, same clientId: the server stores it once whatever happened before. */
export async function retry(db: HavenDb, key: string): Promise<void> {
  await safeWrite(db, () => db.transaction('rw', db.messages, db.aiMessages, db.outbox, async () => {
    await db.outbox.where('messageKey').equals(key).modify({ status: 'queued', error: null, nextAttemptAt: 0, attempts: 0 });
    await db.messages.update(key, { status: 'queued', error: null });
    await db.aiMessages.update(key, { status: 'queued', error: null });
  }));
}

/** Deletes a failed message the person chose not to send. Only failed rows: a queued one may be on its way. */
export async function discard(db: HavenDb, key: string): Promise<void> {
  await safeWrite(db, () => db.transaction('rw', db.messages, db.aiMessages, db.outbox, async () => {
    const rows = await db.outbox.where('messageKey').equals(key).toArray();
    if (rows.some((r) => r.status !== 'failed')) return;
    await db.outbox.bulkDelete(rows.map((r) => r.order!));
    await db.messages.delete(key);
    await db.aiMessages.delete(key);
  }));
}
