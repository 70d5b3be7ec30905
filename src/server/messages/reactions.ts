/**
 * Reactions (docs/decisions/replies-edits-reactions.md): one row per person per emoji, so the
 * primary key makes adding and taking away atomic. A change that happened moves its message's
 * `rev`, under the message-order lock like every write that takes a sequence value, so catch-up
 * carries the message again; a repeat changes nothing and moves nothing.
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { ReactionSummary } from '../../shared/api';
import { REACTIONS, type Reaction } from '../../shared/message-rules';
import type { Db } from '../db/client';
import { blocks, directMessages, groupMessages, reactions } from '../db/schema';
import { AppError } from '../http/errors';
import { blockedBy } from '../community/blocks';
import { inMessageOrder } from './order';
import type { ChangedRow } from './changed';
import type { FoundMessage } from './take-back';

/**
 * Each message's reactions as `viewerId` sees them, in ONE query for all the ids: emojis in
 * REACTIONS order, people oldest first, never anyone the viewer blocks or who blocks the viewer.
 * A null viewer (an event for many) sees everyone.
 */
export async function reactionsOf(db: Db, messageIds: string[], viewerId: string | null): Promise<Map<string, ReactionSummary[]>> {
  const out = new Map<string, ReactionSummary[]>();
  if (messageIds.length === 0) return out;
  const blockers = (viewer: string) => db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewer));
  const rows = await db.select({ messageId: reactions.messageId, userId: reactions.userId, emoji: reactions.emoji }).from(reactions)
    .where(and(
      inArray(reactions.messageId, [...new Set(messageIds)]),
      viewerId ? and(notInArray(reactions.userId, blockedBy(db, viewerId)), notInArray(reactions.userId, blockers(viewerId))) : undefined,
    ))
    .orderBy(asc(reactions.createdAt), asc(reactions.userId));
  const byMessage = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const emojis = byMessage.get(row.messageId) ?? new Map<string, string[]>();
    byMessage.set(row.messageId, emojis);
    emojis.set(row.emoji, [...(emojis.get(row.emoji) ?? []), row.userId]);
  }
  for (const [messageId, emojis] of byMessage) {
    out.set(messageId, REACTIONS.filter((e) => emojis.has(e)).map((emoji) => ({ emoji, userIds: emojis.get(emoji)! })));
  }
  return out;
}

/** The messages with their reactions as `viewerId` sees them: one query for the whole page. */
export async function withReactions<T extends { _id: string; reactions?: ReactionSummary[] }>(db: Db, viewerId: string | null, messages: T[]): Promise<T[]> {
  const found = await reactionsOf(db, messages.map((m) => m._id), viewerId);
  return messages.map((m) => ({ ...m, reactions: found.get(m._id) ?? [] }));
}

const bumpRev = { rev: sql`nextval('message_seq')` };

/**
 * Adds or takes away one person's reaction. Answers the message's row after the change, or null
 * when nothing changed (a repeat). A message taken back meanwhile refuses, and the change rolls back.
 */
export async function setReaction(db: Db, found: FoundMessage, userId: string, emoji: Reaction, add: boolean): Promise<ChangedRow | null> {
  const messageId = found.row.id;
  return inMessageOrder(db, async (tx) => {
    const touched = add
      ? await tx.insert(reactions).values({ messageId, userId, emoji }).onConflictDoNothing().returning({ id: reactions.messageId })
      : await tx.delete(reactions).where(and(eq(reactions.messageId, messageId), eq(reactions.userId, userId), eq(reactions.emoji, emoji)))
        .returning({ id: reactions.messageId });
    if (touched.length === 0) return null;
    let changed: ChangedRow | undefined;
    if (found.kind === 'direct') {
      const [row] = await tx.update(directMessages).set(bumpRev).where(and(eq(directMessages.id, messageId), isNull(directMessages.deletedAt))).returning();
      if (row) changed = { kind: 'direct', row };
    } else {
      const [row] = await tx.update(groupMessages).set(bumpRev).where(and(eq(groupMessages.id, messageId), isNull(groupMessages.deletedAt))).returning();
      if (row) changed = { kind: 'group', row };
    }
    if (!changed) throw new AppError('CONFLICT', 'This message was deleted');
    return changed;
  });
}

/** A tombstone keeps no reactions: taking a message back removes them in the same transaction. */
export async function dropReactions(tx: Db, messageIds: string[]): Promise<void> {
  if (messageIds.length > 0) await tx.delete(reactions).where(inArray(reactions.messageId, messageIds));
}
