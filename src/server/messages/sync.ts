/**
 * Catch-up (docs/architecture.md section 3): everything the caller may read after a cursor, in
 * `rev` order and in pages: their direct threads and the groups they belong to now, new messages
 * and changed ones (taken back, edited or reacted to: each gets a new rev). Nothing from someone
 * they block. Socket events are only the fast path.
 *
 * A page is ONE statement, so it is read from one snapshot. Two reads (direct, then group) would
 * each see what had committed when it started: a direct message committed between them, followed
 * by a group message with a higher seq, puts the cursor past that direct message, and the device
 * never asks for it again. Inserts take the message-order lock (store.ts), so within a snapshot
 * there is never a gap below the highest seq it shows that a later commit could still fill.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { SyncPage } from '../../shared/api';
import type { Db } from '../db/client';
import { databaseEpoch } from '../db/epoch';
import { directMessages, groupMembers, groupMessages, users } from '../db/schema';
import { visibleDirect, visibleGroup } from '../community/blocks';
import { reactionsOf } from './reactions';
import { senderOrDeleted, shownNameSql, toDirectMessage, toGroupMessage } from './serialize';
import type { PeopleConversationKind } from '../../shared/conversation';

/** Both tables in one row shape, so UNION ALL can merge them; the columns a kind lacks are null. */
function directRows(db: Db, userId: string, since: number, limit: number) {
  return db.select({
    kind: sql<PeopleConversationKind>`'direct'`,
    rev: directMessages.rev,
    seq: directMessages.seq,
    id: directMessages.id,
    senderId: directMessages.senderId,
    receiverId: sql<string | null>`${directMessages.receiverId}`,
    groupId: sql<string | null>`null`,
    text: directMessages.text,
    image: directMessages.image,
    clientId: directMessages.clientId,
    createdAt: directMessages.createdAt,
    replyTo: directMessages.replyTo,
    writtenAt: directMessages.writtenAt,
    editedAt: directMessages.editedAt,
    request: directMessages.request,
    deletedAt: directMessages.deletedAt,
    deletedBy: directMessages.deletedBy,
    senderName: sql<string | null>`null`,
    senderPic: sql<string | null>`null`,
  }).from(directMessages)
    .where(and(gt(directMessages.rev, since), or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)), visibleDirect(db, userId)))
    .orderBy(asc(directMessages.rev)).limit(limit);
}

function groupRows(db: Db, userId: string, since: number, limit: number) {
  const myGroups = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  return db.select({
    kind: sql<PeopleConversationKind>`'group'`,
    rev: groupMessages.rev,
    seq: groupMessages.seq,
    id: groupMessages.id,
    senderId: groupMessages.senderId,
    receiverId: sql<string | null>`null`,
    groupId: sql<string | null>`${groupMessages.groupId}`,
    text: groupMessages.text,
    image: groupMessages.image,
    clientId: groupMessages.clientId,
    createdAt: groupMessages.createdAt,
    replyTo: groupMessages.replyTo,
    writtenAt: groupMessages.writtenAt,
    editedAt: groupMessages.editedAt,
    request: sql<boolean>`false`,
    deletedAt: groupMessages.deletedAt,
    deletedBy: groupMessages.deletedBy,
    senderName: sql<string | null>`${shownNameSql}`,
    senderPic: sql<string | null>`${users.profilePic}`,
  }).from(groupMessages).leftJoin(users, eq(users.id, groupMessages.senderId))
    .where(and(gt(groupMessages.rev, since), inArray(groupMessages.groupId, myGroups), visibleGroup(db, userId)))
    .orderBy(asc(groupMessages.rev)).limit(limit);
}

export async function syncPage(db: Db, userId: string, since: number, limit: number): Promise<SyncPage> {
  // One more row than a page tells whether anything is left; each side stops at that many rows
  // on its own, so the merge never sorts more than two pages.
  const rows = await directRows(db, userId, since, limit + 1)
    .unionAll(groupRows(db, userId, since, limit + 1))
    .orderBy(({ rev }) => asc(rev)).limit(limit + 1);
  const page = rows.slice(0, limit);
  // Read after the page's snapshot: a reaction committed in between moved the message's rev, so
  // it comes again in the next page anyway.
  const reactions = await reactionsOf(db, page.map((r) => r.id), userId);
  return {
    direct: page.filter((r) => r.kind === 'direct').map((r) => toDirectMessage({ ...r, receiverId: r.receiverId! }, userId, reactions.get(r.id))),
    group: page.filter((r) => r.kind === 'group').map((r) => toGroupMessage({ ...r, groupId: r.groupId! },
      senderOrDeleted(r.senderId, r.senderName === null ? null : { _id: r.senderId, fullName: r.senderName, profilePic: r.senderPic }), reactions.get(r.id))),
    cursor: page.at(-1)?.rev ?? since,
    hasMore: rows.length > limit,
    epoch: await databaseEpoch(db),
  };
}
