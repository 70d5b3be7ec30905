/**
 * What a send changes locally: the outbox row goes and the server's copy replaces the optimistic
 * one, in one transaction — for a whole batch too, so a backlog costs one IndexedDB transaction
 * per hundred messages rather than two per message. Also what an upload of a kept photo records.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { auraReplyKey, conversationKey } from '../../shared/conversation';
import { requestClientId, requestConversation } from '../../shared/outgoing';
import type { HavenDb, LocalMessage, OutboxRow } from '../db/database';
import { noteServerHelp } from '../safety/help-notes';
import { withImage } from '../db/device-images';
import { contentOf, fromDirect, fromGroup, isChange, mergeServerMessage, pendingChanges, withChanges } from './merge';
import { changeRefusedText } from './texts';
import type { AuraAnswer, ItemOutcome } from './transport';

const toLocal = (db: HavenDb, row: OutboxRow, data: DirectMessage | GroupMessage): LocalMessage => {
  const kind = isChange(row.request) ? row.request.conversation.kind : row.request.kind;
  return kind === 'direct' ? fromDirect(data as DirectMessage, db.userId) : fromGroup(data as GroupMessage);
};

/**
 * A batch's per-item results: stored rows replace their optimistic copies, refused ones are marked
 * failed (text kept). Edits and reactions have their own handling (applyChanges). Answers what the
 * person should be told (a refused edit or reaction).
 */
export async function applyBatch(db: HavenDb, rows: readonly OutboxRow[], results: readonly ItemOutcome[]): Promise<string[]> {
  return db.transaction('rw', [db.outbox, db.messages, db.meta], async () => {
    const sends = rows.flatMap((row, i) => (isChange(row.request) ? [] : [{ row, result: results[i]! }]));
    const changes = rows.flatMap((row, i) => (isChange(row.request) ? [{ row, result: results[i]! }] : []));
    await applySends(db, sends);
    return applyChanges(db, changes);
  });
}

interface Answered {
  row: OutboxRow;
  result: ItemOutcome;
}

async function applySends(db: HavenDb, sends: readonly Answered[]): Promise<void> {
  if (sends.length === 0) return;
  const locals = await db.messages.bulkGet(sends.map(({ row }) => row.messageKey));
  const puts: LocalMessage[] = [];
  sends.forEach(({ row, result }, i) => {
    const local = locals[i];
    if (result.ok) {
      // The socket's echo often lands first: a row already stored as sent is not written again.
      if (local?.status !== 'sent' || local.seq !== result.data.seq) puts.push(mergeServerMessage(local, toLocal(db, row, result.data)));
    }
    else if (local) puts.push({ ...local, status: 'failed', error: result.message });
  });
  await db.outbox.bulkDelete(sends.filter(({ result }) => result.ok).map(({ row }) => row.order!));
  const refused = sends.flatMap(({ row, result }) => (result.ok ? [] : [{ key: row.order!, changes: { status: 'failed' as const, error: result.message } }]));
  if (refused.length) await db.outbox.bulkUpdate(refused);
  await db.messages.bulkPut(puts);
  for (const [i, { row, result }] of sends.entries()) {
    if (result.ok && result.help) await noteServerHelp(db, conversationKey(requestConversation(row.request)), result.help, locals[i]?.createdAt ?? result.data.createdAt);
  }
}

/**
 * Edits and reactions: each answered row leaves the outbox. A stored one's answer is the changed
 * message, the new confirmed version; a refused one is simply dropped, so the message goes back to
 * the server's version with only the changes still waiting on top, and the person is told calmly.
 * Never 'failed' with Retry and Delete: that would offer to delete the message itself.
 */
async function applyChanges(db: HavenDb, changes: readonly Answered[]): Promise<string[]> {
  if (changes.length === 0) return [];
  const notices: string[] = [];
  const keys = [...new Set(changes.map(({ row }) => row.messageKey))];
  const waiting = await pendingChanges(db, keys, new Set(changes.map(({ row }) => row.order!)));
  const locals = await db.messages.bulkGet(keys);
  const puts: LocalMessage[] = [];
  keys.forEach((key, i) => {
    const local = locals[i];
    let server: LocalMessage | undefined;
    for (const { row, result } of changes.filter((c) => c.row.messageKey === key)) {
      if (result.ok) server = toLocal(db, row, result.data);
      else notices.push(changeRefusedText(row.request.kind === 'edit' ? 'edit' : 'react', result.code));
    }
    const later = waiting.get(key) ?? [];
    if (server) puts.push(mergeServerMessage(local, server, later, db.userId));
    else if (local) {
      const { confirmed, ...rest } = local;
      const base = confirmed ?? contentOf(local);
      puts.push(later.length ? { ...rest, ...withChanges(base, later, db.userId), confirmed: base } : { ...rest, ...base });
    }
  });
  await db.outbox.bulkDelete(changes.map(({ row }) => row.order!));
  await db.messages.bulkPut(puts);
  return notices;
}

/**
 * A kept photo is uploaded: its URL replaces the reference in the request and in the message shown,
 * and the photo leaves the device, all in one transaction, before the message is sent. A retry of
 * the send then never uploads it again.
 */
export async function recordUpload(db: HavenDb, row: OutboxRow, ref: string, url: string): Promise<OutboxRow> {
  const updated: OutboxRow = { ...row, request: withImage(row.request, url) };
  await db.transaction('rw', [db.outbox, db.messages, db.aiMessages, db.images], async () => {
    await db.outbox.update(row.order!, { request: updated.request });
    await db.messages.where('key').equals(row.messageKey).modify((m) => {
      if (m.image === ref) m.image = url;
    });
    await db.aiMessages.where('key').equals(row.messageKey).modify((m) => {
      if (m.img === ref) m.img = url;
    });
    await db.images.delete(ref);
  });
  return updated;
}

/** A row that cannot be sent as it is (its photo was refused or is gone): failed, with Retry and Delete. */
export async function markFailed(db: HavenDb, row: OutboxRow, error: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.messages, db.aiMessages], async () => {
    await db.outbox.update(row.order!, { status: 'failed', error });
    await db.messages.update(row.messageKey, { status: 'failed', error });
    await db.aiMessages.update(row.messageKey, { status: 'failed', error });
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
