/**
 * Sending anything: the optimistic message and its outbox row land in one transaction, with a
 * clientId made once here and kept across every retry and reload. Status: queued → sending →
 * sent | failed. A failed row keeps its text and offers Retry and Delete.
 *
 * An edit or a reaction is an outbox row too, in its conversation's lane, so one made offline
 * follows the message around it. Its row points at the message it changes (messageKey), which
 * shows the change at once and keeps the server's version in `confirmed` (see merge.ts).
 */
import type { MessageSender } from '../../shared/api';
import { directKey, groupKey, newDeviceClientId } from '../../shared/conversation';
import { newId } from '../../shared/ids';
import type { Reaction } from '../../shared/message-rules';
import type { EditSend, OutgoingRequest, ReactSend } from '../../shared/outgoing';
import { localSortKey, messageKey, pendingSortKey, type HavenDb, type LocalAiMessage, type LocalMessage, type OutboxRow } from '../db/database';
import { isDeviceImage, requestImage } from '../db/device-images';
import { safeWrite } from '../db/safe-write';
import { contentOf, pendingChanges, withChanges } from './merge';

function outboxRow(messageKeyValue: string, request: OutgoingRequest, queuedAt = new Date().toISOString()): OutboxRow {
  return { messageKey: messageKeyValue, request, status: 'queued', attempts: 0, nextAttemptAt: 0, error: null, queuedAt };
}

/** What a direct or group send may carry besides its words and image. */
export interface SendExtras {
  replyTo?: string | null;
}

type PendingFields = Pick<LocalMessage, 'kind' | 'conversation' | 'senderId' | 'receiverId' | 'groupId' | 'sender' | 'text' | 'image' | 'clientId' | 'replyTo' | 'writtenAt'>;

function pendingMessage(fields: PendingFields, now: number): LocalMessage {
  return {
    ...fields, key: messageKey(fields.senderId, fields.clientId), _id: null, seq: null,
    createdAt: new Date(now).toISOString(), status: 'queued', error: null, sortKey: pendingSortKey(now),
  };
}

async function queueMessage(db: HavenDb, message: LocalMessage, request: OutgoingRequest): Promise<LocalMessage> {
  await safeWrite(db, () => db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.add(message);
    await db.outbox.add(outboxRow(message.key, request, message.writtenAt ?? undefined));
  }));
  return message;
}

/** `image`: an uploaded image's URL, or a photo kept on the device (device-images.ts) that the outbox uploads first. */
export async function queueDirect(db: HavenDb, me: string, toUserId: string, text: string, image: string | null, extras: SendExtras = {}): Promise<LocalMessage> {
  const clientId = newDeviceClientId();
  const now = Date.now();
  // When Send was pressed: the time the message shows, however long it waits offline.
  const writtenAt = new Date(now).toISOString();
  const replyTo = extras.replyTo ?? null;
  const message = pendingMessage({
    kind: 'direct', conversation: directKey(toUserId), senderId: me, receiverId: toUserId, groupId: null, sender: null, text, image, clientId, replyTo, writtenAt,
  }, now);
  return queueMessage(db, message, { kind: 'direct', to: toUserId, text, image, clientId, replyTo, writtenAt });
}

export async function queueGroup(db: HavenDb, me: MessageSender, groupId: string, text: string, image: string | null = null, extras: SendExtras = {}): Promise<LocalMessage> {
  const clientId = newDeviceClientId();
  const now = Date.now();
  const writtenAt = new Date(now).toISOString();
  const replyTo = extras.replyTo ?? null;
  const message = pendingMessage({
    kind: 'group', conversation: groupKey(groupId), senderId: me._id, receiverId: null, groupId, sender: me, text, image, clientId, replyTo, writtenAt,
  }, now);
  return queueMessage(db, message, { kind: 'group', groupId, text, image, clientId, replyTo, writtenAt });
}

/** Where an edit or reaction of this message goes: the other person of a direct conversation, or the group. */
function conversationOf(message: LocalMessage, me: string): EditSend['conversation'] {
  if (message.kind === 'group') return { kind: 'group', id: message.groupId! };
  return { kind: 'direct', id: message.senderId === me ? message.receiverId! : message.senderId };
}

/** Queues a change of a stored message and shows it at once over the server's last known version. */
async function queueChange(db: HavenDb, message: LocalMessage, request: EditSend | ReactSend): Promise<void> {
  await safeWrite(db, () => db.transaction('rw', db.messages, db.outbox, async () => {
    const current = await db.messages.get(message.key);
    if (!current?._id) throw new Error('This message is not sent yet');
    const confirmed = current.confirmed ?? contentOf(current);
    await db.outbox.add(outboxRow(current.key, request));
    const changes = (await pendingChanges(db, [current.key])).get(current.key) ?? [];
    await db.messages.update(current.key, { ...withChanges(confirmed, changes, db.userId), confirmed });
  }));
}

export async function queueEdit(db: HavenDb, message: LocalMessage, text: string): Promise<void> {
  if (!message._id) throw new Error('This message is not sent yet');
  const conversation = conversationOf(message, db.userId);
  await queueChange(db, message, { kind: 'edit', conversation, messageId: message._id, text, clientId: newDeviceClientId() });
}

export async function queueReaction(db: HavenDb, message: LocalMessage, emoji: Reaction, add: boolean): Promise<void> {
  if (!message._id) throw new Error('This message is not sent yet');
  const conversation = conversationOf(message, db.userId);
  await queueChange(db, message, { kind: 'react', conversation, messageId: message._id, emoji, add, clientId: newDeviceClientId() });
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

/** Deletes a failed message the person chose not to send, with its kept photo. Only failed rows: a queued one may be on its way. */
export async function discard(db: HavenDb, key: string): Promise<void> {
  await safeWrite(db, () => db.transaction('rw', [db.messages, db.aiMessages, db.outbox, db.images], async () => {
    const rows = await db.outbox.where('messageKey').equals(key).toArray();
    if (rows.some((r) => r.status !== 'failed')) return;
    await db.outbox.bulkDelete(rows.map((r) => r.order!));
    await db.images.bulkDelete(rows.map((r) => requestImage(r.request)).filter(isDeviceImage));
    await db.messages.delete(key);
    await db.aiMessages.delete(key);
  }));
}
