/**
 * Paging back through one thread: the newest `limit` messages before a message, oldest first
 * (docs/architecture.md section 3, History). Order is by seq, the one order every device agrees on.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DirectMessage, GroupMessage } from '../../shared/api';
import type { PageQuery } from '../../shared/schemas';
import type { Db } from '../db/client';
import { directMessages, groupMessages, users } from '../db/schema';
import { AppError } from '../http/errors';
import { visibleDirect, visibleGroup } from '../community/blocks';
import { threadCondition } from './access';
import { withReactions } from './reactions';
import { senderColumns, senderOrDeleted, toDirectMessage, toGroupMessage } from './serialize';

/**
 * `before` as a seq: a number is the earlier cursor form, taken as it is; an id must name a
 * message of this very thread, so an id from another thread cannot be used to probe it.
 */
async function seqBefore(before: PageQuery['before'], seqOf: (id: string) => Promise<{ seq: number }[]>): Promise<number | undefined> {
  if (typeof before !== 'string') return before;
  const [row] = await seqOf(before);
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return row.seq;
}

/** The thread of `me` with `other` as `me` may see it: nothing from `other` while `me` blocks them. */
export async function directThread(db: Db, me: string, other: string, page: PageQuery): Promise<DirectMessage[]> {
  const thread = and(threadCondition(me, other), visibleDirect(db, me));
  const before = await seqBefore(page.before, (id) => db.select({ seq: directMessages.seq }).from(directMessages)
    .where(and(eq(directMessages.id, id), thread)).limit(1));
  const rows = await db.select().from(directMessages)
    .where(before === undefined ? thread : and(thread, lt(directMessages.seq, before)))
    .orderBy(desc(directMessages.seq)).limit(page.limit);
  return withReactions(db, me, rows.toReversed().map((m) => toDirectMessage(m, me)));
}

export async function groupThread(db: Db, viewerId: string, groupId: string, page: PageQuery): Promise<GroupMessage[]> {
  const before = await seqBefore(page.before, (id) => db.select({ seq: groupMessages.seq }).from(groupMessages)
    .where(and(eq(groupMessages.id, id), eq(groupMessages.groupId, groupId))).limit(1));
  const inGroup = and(eq(groupMessages.groupId, groupId), visibleGroup(db, viewerId));
  const rows = await db.select({ m: groupMessages, s: senderColumns })
    .from(groupMessages).leftJoin(users, eq(users.id, groupMessages.senderId))
    .where(before === undefined ? inGroup : and(inGroup, lt(groupMessages.seq, before)))
    .orderBy(desc(groupMessages.seq)).limit(page.limit);
  return withReactions(db, viewerId, rows.toReversed().map((r) => toGroupMessage(r.m, senderOrDeleted(r.m.senderId, r.s))));
}
