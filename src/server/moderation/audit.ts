/**
 * The moderation log: one row per moderator action, written in the same transaction as the action
 * itself, so the log can never miss an action that happened nor show one that was rolled back.
 * The actor's name is copied as it is now: the log still says who acted after the account is
 * renamed or gone.
 */
import { desc } from 'drizzle-orm';
import type { ModerationEntry } from '../../shared/community';
import { newId } from '../../shared/ids';
import { MODERATION_LOG_LIMIT } from '../../shared/limits';
import type { Db } from '../db/client';
import { moderationActions, type UserRow } from '../db/schema';

export type ModerationAction = (typeof moderationActions.$inferInsert)['action'];

export interface AuditEntry {
  action: ModerationAction;
  subjectUserId?: string | null;
  messageId?: string | null;
  reportId?: string | null;
  groupId?: string | null;
  note?: string;
}

/** The actor's full name, not a display name: moderators answer for what they do under their own. */
export async function recordAction(db: Db, actor: Pick<UserRow, 'id' | 'fullName'>, entry: AuditEntry): Promise<void> {
  await db.insert(moderationActions).values({
    id: newId(), actorId: actor.id, actorName: actor.fullName, action: entry.action,
    subjectUserId: entry.subjectUserId ?? null, messageId: entry.messageId ?? null,
    reportId: entry.reportId ?? null, groupId: entry.groupId ?? null, note: entry.note ?? '',
  });
}

/** The newest first; a screen's worth, the rest stays in the table. */
export async function readLog(db: Db, limit = MODERATION_LOG_LIMIT): Promise<ModerationEntry[]> {
  const rows = await db.select().from(moderationActions)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    actor: { _id: r.actorId, fullName: r.actorName },
    action: r.action,
    subjectUserId: r.subjectUserId,
    messageId: r.messageId,
    reportId: r.reportId,
    groupId: r.groupId,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  }));
}
