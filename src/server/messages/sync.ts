/**
 * Catch-up (DESIGN section 3): everything the caller may read after a cursor, in seq order and in
 * pages: their direct threads and the groups they belong to now. Socket events are only the fast path.
 */
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { SyncPage } from '../../shared/api';
import type { Db } from '../db/client';
import { directMessages, groupMembers, groupMessages, users } from '../db/schema';
import { toDirectMessage, toGroupMessage } from './serialize';

export async function syncPage(db: Db, userId: string, since: number, limit: number): Promise<SyncPage> {
  // Ask each table for one more than a page: together they tell whether anything is left.
  const direct = await db.select().from(directMessages)
    .where(and(gt(directMessages.seq, since), or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId))))
    .orderBy(asc(directMessages.seq)).limit(limit + 1);
  const myGroups = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const group = await db.select({ m: groupMessages, s: { _id: users.id, fullName: users.fullName, profilePic: users.profilePic } })
    .from(groupMessages).innerJoin(users, eq(users.id, groupMessages.senderId))
    .where(and(gt(groupMessages.seq, since), inArray(groupMessages.groupId, myGroups)))
    .orderBy(asc(groupMessages.seq)).limit(limit + 1);

  const merged = [
    ...direct.map((m) => ({ seq: m.seq, direct: m })),
    ...group.map((g) => ({ seq: g.m.seq, group: g })),
  ].sort((a, b) => a.seq - b.seq);
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    direct: page.flatMap((p) => ('direct' in p && p.direct ? [toDirectMessage(p.direct)] : [])),
    group: page.flatMap((p) => ('group' in p && p.group ? [toGroupMessage(p.group.m, p.group.s)] : [])),
    cursor: last ? last.seq : since,
    hasMore: merged.length > limit,
  };
}
