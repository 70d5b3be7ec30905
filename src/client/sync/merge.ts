/**
 * Merging what the server says into local rows: pure functions, unit-tested. The server's copy
 * wins for content and order; a row we are still sending keeps its local state until the
 * server's answer or echo arrives, and an echo never resurrects a failed row into 'sending'.
 *
 * Edits and reactions made on this device show at once: while one waits in the outbox the row
 * keeps the server's last known words and reactions in `confirmed`, and shows them with every
 * waiting change applied on top (withChanges). A server copy arriving meanwhile becomes the new
 * `confirmed`, and the waiting changes are applied on top of it again.
 */
import type { DirectMessage, GroupMessage, ReactionSummary } from '../../shared/api';
import type { EditSend, ReactSend } from '../../shared/outgoing';
import { messageKey, type ConfirmedContent, type HavenDb, type LocalMessage, type OutboxRow } from '../db/database';
import { directKey, groupKey } from '../../shared/conversation';

type Extras = Pick<LocalMessage, 'replyTo' | 'writtenAt' | 'editedAt' | 'reactions'>;

/** Only what the server said: a field it left out keeps the device's value when merged. */
function extrasOf(m: DirectMessage | GroupMessage): Extras {
  const out: Extras = {};
  if (m.replyTo !== undefined) out.replyTo = m.replyTo;
  if (m.writtenAt !== undefined) out.writtenAt = m.writtenAt;
  if (m.editedAt !== undefined) out.editedAt = m.editedAt;
  if (m.reactions !== undefined) out.reactions = m.reactions;
  return out;
}

export function fromDirect(m: DirectMessage, me: string): LocalMessage {
  return {
    key: messageKey(m.senderId, m.clientId), kind: 'direct',
    conversation: directKey(m.senderId === me ? m.receiverId : m.senderId),
    _id: m._id, seq: m.seq, senderId: m.senderId, receiverId: m.receiverId, groupId: null, sender: null,
    text: m.text, image: m.image, clientId: m.clientId, createdAt: m.createdAt, status: 'sent', error: null, sortKey: m.seq,
    deletedAt: m.deletedAt ?? null, deletedBy: m.deletedBy ?? null, ...extrasOf(m),
  };
}

export function fromGroup(m: GroupMessage): LocalMessage {
  return {
    key: messageKey(m.senderId, m.clientId), kind: 'group', conversation: groupKey(m.groupId),
    _id: m._id, seq: m.seq, senderId: m.senderId, receiverId: null, groupId: m.groupId, sender: m.sender,
    text: m.text, image: m.image ?? null, clientId: m.clientId, createdAt: m.createdAt, status: 'sent', error: null, sortKey: m.seq,
    deletedAt: m.deletedAt ?? null, deletedBy: m.deletedBy ?? null, ...extrasOf(m),
  };
}

/** An edit or reaction of this device still in the outbox, with when it was made. */
export interface PendingChange {
  request: EditSend | ReactSend;
  at: string;
}

export const isChange = (request: OutboxRow['request']): request is EditSend | ReactSend =>
  request.kind === 'edit' || request.kind === 'react';

export function pendingChangeOf(row: OutboxRow): PendingChange | null {
  return isChange(row.request) ? { request: row.request, at: row.queuedAt ?? new Date(0).toISOString() } : null;
}

export const contentOf = (m: Pick<LocalMessage, 'text' | 'editedAt' | 'reactions'>): ConfirmedContent =>
  ({ text: m.text, editedAt: m.editedAt ?? null, reactions: m.reactions ?? [] });

/** This person's reaction added (once per emoji) or taken away; an emoji nobody has left goes. */
export function toggleReaction(reactions: readonly ReactionSummary[], emoji: string, me: string, add: boolean): ReactionSummary[] {
  const found = reactions.some((r) => r.emoji === emoji);
  const next = reactions.map((r) => {
    if (r.emoji !== emoji) return r;
    const others = r.userIds.filter((id) => id !== me);
    return { emoji, userIds: add ? [...others, me] : others };
  });
  if (add && !found) next.push({ emoji, userIds: [me] });
  return next.filter((r) => r.userIds.length > 0);
}

/** The content with this device's waiting changes applied in the order they were made. */
export function withChanges(base: ConfirmedContent, changes: readonly PendingChange[], me: string): ConfirmedContent {
  let content = base;
  for (const { request, at } of changes) {
    content = request.kind === 'edit'
      ? { ...content, text: request.text, editedAt: at }
      : { ...content, reactions: toggleReaction(content.reactions ?? [], request.emoji, me, request.add) };
  }
  return content;
}

/**
 * The row to store when the server's copy of a message arrives (by answer, socket or catch-up).
 * With changes still waiting, the server's content is kept as `confirmed` and shown with them on top.
 */
export function mergeServerMessage(local: LocalMessage | undefined, server: LocalMessage, pending: readonly PendingChange[] = [], me = ''): LocalMessage {
  // Same key means same sender and clientId: the server stored exactly this message.
  const { confirmed: _settled, ...merged }: LocalMessage = local ? { ...local, ...server, status: 'sent', error: null } : server;
  if (pending.length === 0) return merged;
  const base = contentOf(merged);
  return { ...merged, ...withChanges(base, pending, me), confirmed: base };
}

const sameReactions = (a: readonly ReactionSummary[] | undefined, b: readonly ReactionSummary[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The server's copy says nothing the stored row (or, with changes waiting, its confirmed content) does not already hold. */
function alreadyHeld(current: LocalMessage, m: LocalMessage): boolean {
  const known = current.confirmed ?? current;
  return current.status === 'sent' && current.seq === m.seq && known.text === m.text && current.image === m.image
    && (current.deletedAt ?? null) === (m.deletedAt ?? null)
    && (m.editedAt === undefined || (known.editedAt ?? null) === m.editedAt)
    && (m.reactions === undefined || sameReactions(known.reactions, m.reactions))
    && (m.replyTo === undefined || (current.replyTo ?? null) === m.replyTo)
    && (m.writtenAt === undefined || (current.writtenAt ?? null) === m.writtenAt);
}

/** Merges a batch (one catch-up page) into what is stored; answers only rows that change. */
export function mergeBatch(
  existing: Map<string, LocalMessage>, incoming: readonly LocalMessage[],
  pending: ReadonlyMap<string, readonly PendingChange[]> = new Map(), me = '',
): LocalMessage[] {
  const out = new Map<string, LocalMessage>();
  for (const m of incoming) {
    const current = out.get(m.key) ?? existing.get(m.key);
    if (current && alreadyHeld(current, m)) continue;
    out.set(m.key, mergeServerMessage(current, m, pending.get(m.key) ?? [], me));
  }
  return [...out.values()];
}

/** Messages from people this person blocks never land on the device, whichever path brings them (docs/decisions/blocks.md). */
export function withoutBlocked(incoming: readonly LocalMessage[], blocked: ReadonlySet<string>, me: string): LocalMessage[] {
  return blocked.size === 0 ? [...incoming] : incoming.filter((m) => m.senderId === me || !blocked.has(m.senderId));
}

/** This device's waiting edits and reactions of these messages, by message key, in outbox order. */
export async function pendingChanges(db: HavenDb, keys: readonly string[], except: ReadonlySet<number> = new Set()): Promise<Map<string, PendingChange[]>> {
  const byKey = new Map<string, PendingChange[]>();
  // An empty outbox (a catch-up page, most of the time) costs one count, not a 500-key index walk.
  if (keys.length === 0 || (await db.outbox.count()) === 0) return byKey;
  const rows = (await db.outbox.where('messageKey').anyOf([...keys]).toArray()).sort((a, b) => a.order! - b.order!);
  for (const row of rows) {
    const change = pendingChangeOf(row);
    if (!change || except.has(row.order!)) continue;
    byKey.set(row.messageKey, [...(byKey.get(row.messageKey) ?? []), change]);
  }
  return byKey;
}

/**
 * Writes a batch of server copies (a catch-up page, a history page, gathered socket events) into
 * the store, merged as above; only rows that change are written. Call it inside a transaction
 * that includes messageTables(db).
 */
export async function putServerMessages(db: HavenDb, arrived: readonly LocalMessage[]): Promise<void> {
  const blocked = new Set(await db.blocks.toCollection().primaryKeys());
  const incoming = withoutBlocked(arrived, blocked, db.userId);
  const keys = incoming.map((m) => m.key);
  const stored = await db.messages.bulkGet(keys);
  const existing = new Map(stored.flatMap((m) => (m ? [[m.key, m] as const] : [])));
  const changed = mergeBatch(existing, incoming, await pendingChanges(db, keys), db.userId);
  if (changed.length) await db.messages.bulkPut(changed);
}

/** The tables a transaction writing server messages must hold (the outbox: waiting edits and reactions). */
export const messageTables = (db: HavenDb) => [db.messages, db.blocks, db.outbox];
