/**
 * Filing a report (docs/decisions/community-rules.md, Reports). A person may report only what they
 * can see: a message of a thread they are in (not one withheld from them by a block) or of a group
 * they belong to, a person visible to them, or a group. Anything else answers as an unknown id
 * does, so reporting cannot be used to learn whether a message or a hidden account exists.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { reportSchema } from '../../shared/community';
import { newId } from '../../shared/ids';
import type { Db } from '../db/client';
import { groups, reports, users, type UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { readsMessage } from '../messages/access';
import { findMessage } from '../messages/take-back';
import { notPending } from '../users/standing';

export type ReportRow = typeof reports.$inferSelect;
type ReportBody = z.output<typeof reportSchema>;
type Target = Pick<typeof reports.$inferInsert, 'messageId' | 'messageKind' | 'subjectUserId' | 'groupId' | 'reportedText'>;

async function messageTarget(db: Db, me: UserRow, messageId: string): Promise<Target> {
  const found = await findMessage(db, messageId);
  if (!found || !(await readsMessage(db, me.id, found))) throw new AppError('NOT_FOUND', 'Message not found');
  if (found.row.senderId === me.id) throw new AppError('VALIDATION_FAILED', 'You cannot report your own message');
  return {
    messageId: found.row.id,
    messageKind: found.kind,
    subjectUserId: found.row.senderId,
    groupId: found.kind === 'group' ? found.row.groupId : null,
    // The words as they are now, which is what the reporter saw; '' if already taken back.
    reportedText: found.row.text,
  };
}

async function userTarget(db: Db, me: UserRow, userId: string): Promise<Target> {
  if (userId === me.id) throw new AppError('VALIDATION_FAILED', 'You cannot report yourself');
  // A professional waiting for verification is hidden from everyone but the admin: unknown here too.
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), notPending())).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return { subjectUserId: row.id };
}

async function groupTarget(db: Db, groupId: string): Promise<Target> {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Group not found');
  return { groupId: row.id };
}

/** Stores the report and answers its id. The schema has made sure exactly one target is named. */
export async function fileReport(db: Db, me: UserRow, body: ReportBody): Promise<string> {
  const target = body.messageId ? await messageTarget(db, me, body.messageId)
    : body.userId ? await userTarget(db, me, body.userId)
      : await groupTarget(db, body.groupId!);
  const id = newId();
  await db.insert(reports).values({ id, reporterId: me.id, reason: body.reason, note: body.note ?? '', ...target });
  return id;
}

/** What a report is about. Message first: a group message's report names its group too. */
export function targetOf(r: Pick<ReportRow, 'messageId' | 'groupId' | 'subjectUserId'>): { kind: 'message' | 'user' | 'group'; id: string } {
  if (r.messageId) return { kind: 'message', id: r.messageId };
  if (r.groupId) return { kind: 'group', id: r.groupId };
  return { kind: 'user', id: r.subjectUserId ?? '' };
}
