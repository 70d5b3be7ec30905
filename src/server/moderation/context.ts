/**
 * What a moderator reads around a reported message: up to three messages before and three after
 * it in the same thread or group, read from the database now (not from the reporter), so a report
 * cannot be dressed up with invented context. Messages taken back since show as deleted, with no
 * words: a removal holds in the moderator's view too.
 */
import { and, asc, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { ContextLine } from '../../shared/community';
import { REPORT_CONTEXT_EACH_SIDE } from '../../shared/limits';
import type { Db } from '../db/client';
import { directMessages, groupMessages, users } from '../db/schema';
import { threadCondition } from '../messages/access';
import { DELETED_SENDER } from '../messages/serialize';
import { findMessage } from '../messages/take-back';

interface Line {
  id: string;
  senderName: string | null;
  text: string;
  createdAt: Date;
  deletedAt: Date | null;
}

const toLine = (reportedId: string) => (m: Line): ContextLine => ({
  _id: m.id,
  // Admins see full names, as everywhere in the admin screens.
  senderName: m.senderName ?? DELETED_SENDER.fullName,
  text: m.deletedAt ? '' : m.text,
  createdAt: m.createdAt.toISOString(),
  reported: m.id === reportedId,
  deleted: m.deletedAt !== null,
});

/**
 * Two reads along seq, the order every device shows: the message and the three before it (newest
 * first, then turned round), and the three after it.
 */
async function along(
  read: (side: 'before' | 'after') => Promise<Line[]>,
): Promise<Line[]> {
  const [before, after] = await Promise.all([read('before'), read('after')]);
  return [...before.toReversed(), ...after];
}

function directLines(db: Db, row: { senderId: string; receiverId: string; seq: number }): Promise<Line[]> {
  const thread = threadCondition(row.senderId, row.receiverId);
  return along((side) => db.select({
    id: directMessages.id, senderName: users.fullName, text: directMessages.text,
    createdAt: directMessages.createdAt, deletedAt: directMessages.deletedAt,
  }).from(directMessages).leftJoin(users, eq(users.id, directMessages.senderId))
    .where(and(thread, side === 'before' ? lte(directMessages.seq, row.seq) : gt(directMessages.seq, row.seq)) as SQL)
    .orderBy(side === 'before' ? desc(directMessages.seq) : asc(directMessages.seq))
    .limit(side === 'before' ? REPORT_CONTEXT_EACH_SIDE + 1 : REPORT_CONTEXT_EACH_SIDE));
}

function groupLines(db: Db, row: { groupId: string; seq: number }): Promise<Line[]> {
  return along((side) => db.select({
    id: groupMessages.id, senderName: users.fullName, text: groupMessages.text,
    createdAt: groupMessages.createdAt, deletedAt: groupMessages.deletedAt,
  }).from(groupMessages).leftJoin(users, eq(users.id, groupMessages.senderId))
    .where(and(eq(groupMessages.groupId, row.groupId), side === 'before' ? lte(groupMessages.seq, row.seq) : gt(groupMessages.seq, row.seq)))
    .orderBy(side === 'before' ? desc(groupMessages.seq) : asc(groupMessages.seq))
    .limit(side === 'before' ? REPORT_CONTEXT_EACH_SIDE + 1 : REPORT_CONTEXT_EACH_SIDE));
}

/** The lines around `messageId`, oldest first; empty when the message is gone altogether. */
export async function contextOf(db: Db, messageId: string): Promise<ContextLine[]> {
  const found = await findMessage(db, messageId);
  if (!found) return [];
  const lines = found.kind === 'direct' ? await directLines(db, found.row) : await groupLines(db, found.row);
  return lines.map(toLine(messageId));
}
