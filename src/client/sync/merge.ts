/**
 * Merging what the server says into local rows: pure functions, unit-tested. The server's copy
 * wins for content and order; a row we are still sending keeps its local state until the
 * server's answer or echo arrives, and an echo never resurrects a failed row into 'sending'.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { messageKey, type HavenDb, type LocalMessage } from '../db/database';
import { directKey, groupKey } from '../../shared/conversation';

export function fromDirect(m: DirectMessage, me: string): LocalMessage {
  return {
    key: messageKey(m.senderId, m.clientId), kind: 'direct',
    conversation: directKey(m.senderId === me ? m.receiverId : m.senderId),
    _id: m._id, seq: m.seq, senderId: m.senderId, receiverId: m.receiverId, groupId: null, sender: null,
    text: m.text, image: m.image, clientId: m.clientId, createdAt: m.createdAt, status: 'sent', error: null, sortKey: m.seq,
    deletedAt: m.deletedAt ?? null, deletedBy: m.deletedBy ?? null,
  };
}

export function fromGroup(m: GroupMessage): LocalMessage {
  return {
    key: messageKey(m.senderId, m.clientId), kind: 'group', conversation: groupKey(m.groupId),
    _id: m._id, seq: m.seq, senderId: m.senderId, receiverId: null, groupId: m.groupId, sender: m.sender,
    text: m.text, image: null, clientId: m.clientId, createdAt: m.createdAt, status: 'sent', error: null, sortKey: m.seq,
    deletedAt: m.deletedAt ?? null, deletedBy: m.deletedBy ?? null,
  };
}

/** The row to store when the server's copy of a message arrives (by answer, socket or catch-up). */
export function mergeServerMessage(local: LocalMessage | undefined, server: LocalMessage): LocalMessage {
  if (!local) return server;
  // Same key means same sender and clientId: the server stored exactly this message.
  return { ...local, ...server, status: 'sent', error: null };
}

/** Merges a batch (one catch-up page) into what is stored; answers only rows that change. */
export function mergeBatch(existing: Map<string, LocalMessage>, incoming: readonly LocalMessage[]): LocalMessage[] {
  const out = new Map<string, LocalMessage>();
  for (const m of incoming) {
    const current = out.get(m.key) ?? existing.get(m.key);
    if (current?.status === 'sent' && current.seq === m.seq && current.text === m.text && (current.deletedAt ?? null) === (m.deletedAt ?? null)) continue;
    out.set(m.key, mergeServerMessage(current, m));
  }
  return [...out.values()];
}

/** Messages from people this person blocks never land on the device, whichever path brings them (docs/decisions/blocks.md). */
export function withoutBlocked(incoming: readonly LocalMessage[], blocked: ReadonlySet<string>, me: string): LocalMessage[] {
  return blocked.size === 0 ? [...incoming] : incoming.filter((m) => m.senderId === me || !blocked.has(m.senderId));
}

/**
 * Writes a batch of server copies (a catch-up page, a history page, gathered socket events) into
 * the store, merged as above; only rows that change are written. Call it inside a transaction
 * that includes db.messages and db.blocks (MESSAGE_TABLES).
 */
export async function putServerMessages(db: HavenDb, arrived: readonly LocalMessage[]): Promise<void> {
  const blocked = new Set(await db.blocks.toCollection().primaryKeys());
  const incoming = withoutBlocked(arrived, blocked, db.userId);
  const stored = await db.messages.bulkGet(incoming.map((m) => m.key));
  const existing = new Map(stored.flatMap((m) => (m ? [[m.key, m] as const] : [])));
  const changed = mergeBatch(existing, incoming);
  if (changed.length) await db.messages.bulkPut(changed);
}

/** The tables a transaction writing server messages must hold. */
export const messageTables = (db: HavenDb) => [db.messages, db.blocks];
