/**
 * Read positions: the seq of the newest message a person has read, per conversation. It only
 * moves forward: the upsert keeps GREATEST(stored, new) under the row lock ON CONFLICT takes, so
 * a late or racing write from another device can never move it back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReadPosition } from '../../shared/api';
import type { PeopleConversationKind } from '../../shared/conversation';
import type { Db } from '../db/client';
import { directMessages, groupMembers, groupMessages, readPositions, users } from '../db/schema';
import { AppError } from '../http/errors';
import { notPending } from '../users/standing';
import { findPartner, groupOfMember, threadCondition } from './access';

type Row = typeof readPositions.$inferSelect;

const toPosition = (r: Pick<Row, 'kind' | 'conversationId' | 'lastReadSeq' | 'updatedAt'>): ReadPosition => ({
  kind: r.kind, id: r.conversationId, seq: r.lastReadSeq, updatedAt: r.updatedAt.toISOString(),
});

/**
 * Every position of the person: their direct threads with people who still exist and are not
 * hidden (pending verification: kept, and shown again once they are verified), and every group
 * they belong to. A group never marked read counts as read up to the person's joining, so the
 * history they find in it is not all "new".
 */
export async function positionsOf(db: Db, userId: string): Promise<ReadPosition[]> {
  const direct = await db.select({
    kind: readPositions.kind, conversationId: readPositions.conversationId, lastReadSeq: readPositions.lastReadSeq, updatedAt: readPositions.updatedAt,
  }).from(readPositions).innerJoin(users, eq(users.id, readPositions.conversationId))
    .where(and(eq(readPositions.userId, userId), eq(readPositions.kind, 'direct'), notPending()));
  const beforeJoining = db.select({ seq: sql<number>`coalesce(max(${groupMessages.seq}), 0)` }).from(groupMessages)
    .where(and(eq(groupMessages.groupId, groupMembers.groupId), sql`${groupMessages.createdAt} <= ${groupMembers.joinedAt}`));
  const groups = await db.select({
    conversationId: groupMembers.groupId,
    lastReadSeq: sql<string | number>`coalesce(${readPositions.lastReadSeq}, (${beforeJoining}))`,
    updatedAt: sql<Date | string>`coalesce(${readPositions.updatedAt}, ${groupMembers.joinedAt})`,
  }).from(groupMembers)
    .leftJoin(readPositions, and(eq(readPositions.userId, groupMembers.userId), eq(readPositions.kind, 'group'), eq(readPositions.conversationId, groupMembers.groupId)))
    .where(eq(groupMembers.userId, userId));
  return [
    ...direct.map(toPosition),
    // A raw expression comes back as the driver gives it: bigint as text, a timestamp as text on PGlite.
    ...groups.map((g) => toPosition({ kind: 'group', conversationId: g.conversationId, lastReadSeq: Number(g.lastReadSeq), updatedAt: new Date(g.updatedAt) })),
  ];
}

/**
 * The check before a position is stored: the person takes part in the conversation (a member of
 * the group; a party to the direct thread) and `seq` is one of its messages.
 */
async function checkMessage(db: Db, userId: string, kind: PeopleConversationKind, id: string, seq: number): Promise<void> {
  if (kind === 'group') {
    const group = await groupOfMember(db, id, userId, 'read');
    const [found] = await db.select({ seq: groupMessages.seq }).from(groupMessages)
      .where(and(eq(groupMessages.groupId, group.id), eq(groupMessages.seq, seq))).limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Message not found');
    return;
  }
  if (id === userId) throw new AppError('VALIDATION_FAILED', 'You cannot message yourself');
  // A pending partner's thread is hidden: its messages are answered as an unknown id's would be.
  if (!(await findPartner(db, id))) throw new AppError('NOT_FOUND', 'Message not found');
  const [found] = await db.select({ seq: directMessages.seq }).from(directMessages)
    .where(and(threadCondition(userId, id), eq(directMessages.seq, seq))).limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Message not found');
}

/**
 * Moves the position forward, never back; answers the stored position and whether this write moved
 * it. ON CONFLICT locks the row and checks the WHERE against its newest version, so of two devices
 * racing, the lower seq finds nothing to do whichever commits first.
 */
export async function markRead(db: Db, userId: string, kind: PeopleConversationKind, id: string, seq: number): Promise<{ position: ReadPosition; moved: boolean }> {
  await checkMessage(db, userId, kind, id, seq);
  const [moved] = await db.insert(readPositions).values({ userId, kind, conversationId: id, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [readPositions.userId, readPositions.kind, readPositions.conversationId],
      set: { lastReadSeq: sql`greatest(${readPositions.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
      setWhere: sql`excluded.last_read_seq > ${readPositions.lastReadSeq}`,
    })
    .returning();
  if (moved) return { position: toPosition(moved), moved: true };
  const [stored] = await db.select().from(readPositions)
    .where(and(eq(readPositions.userId, userId), eq(readPositions.kind, kind), eq(readPositions.conversationId, id))).limit(1);
  return { position: toPosition(stored!), moved: false };
}
