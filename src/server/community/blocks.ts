/**
 * Blocks (docs/decisions/blocks.md): who blocked whom, as SQL conditions every read path shares, so
 * a block holds on the thread, the group page, catch-up and the socket alike.
 */
import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blocks, directMessages, groupMessages } from '../db/schema';

/** The people `viewerId` blocked, as a subquery. */
export const blockedBy = (db: Db, viewerId: string) =>
  db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewerId));

/**
 * The direct messages `viewerId` may see: their own, and those sent to them that were not
 * withheld (sent while blocked) by someone they do not block now.
 */
export const visibleDirect = (db: Db, viewerId: string) => or(
  eq(directMessages.senderId, viewerId),
  and(eq(directMessages.receiverId, viewerId), eq(directMessages.withheld, false), notInArray(directMessages.senderId, blockedBy(db, viewerId))),
);

/** The group messages `viewerId` may see of a group they read: none from people they block. */
export const visibleGroup = (db: Db, viewerId: string) => notInArray(groupMessages.senderId, blockedBy(db, viewerId));

export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db.select({ id: blocks.blockedId }).from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId))).limit(1);
  return row !== undefined;
}

/** Of these people, the ones who block `userId`: they are not told of `userId`'s messages or presence. */
export async function blockersOf(db: Db, userId: string, among?: string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const rows = await db.select({ id: blocks.blockerId }).from(blocks)
    .where(among ? and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, among)) : eq(blocks.blockedId, userId));
  return rows.map((r) => r.id);
}
