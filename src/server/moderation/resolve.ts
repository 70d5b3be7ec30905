/**
 * Resolving a report: dismiss it, remove the message, or suspend the person. One transaction holds
 * the claim, the action and its audit row, so they happen together or not at all.
 *
 * The claim is a conditional UPDATE (… WHERE status = 'open' RETURNING), never a read then a
 * write: of two admins resolving one report at once, the second waits on the row, finds it
 * resolved, and gets 409 with nothing done and nothing logged.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ReportAction, ReportOutcome } from '../../shared/community';
import type { Db } from '../db/client';
import { reports, type UserRow } from '../db/schema';
import type { AppEvents } from '../events';
import { AppError } from '../http/errors';
import type { Realtime } from '../realtime/realtime';
import type { ImageStore } from '../uploads/store';
import { findMessage, takeBack } from '../messages/take-back';
import { recordAction } from './audit';
import type { ReportRow } from './reports-store';
import { closeSockets, suspend, suspendable } from './suspend';

export interface ResolveDeps {
  db: Db;
  realtime: Realtime;
  store: ImageStore;
  events: AppEvents;
}

const OUTCOME: Record<ReportAction, ReportOutcome> = {
  dismiss: 'dismissed',
  'remove-message': 'message-removed',
  suspend: 'suspended',
};

/** What resolving writes on a report; the reported words go, as the schema promises. */
const resolution = (actor: UserRow, outcome: ReportOutcome, note: string) => ({
  status: 'resolved' as const, outcome, resolvedBy: actor.id, resolvedAt: new Date(), resolutionNote: note, reportedText: null,
});

/** Answers the report as resolved. */
export async function resolveReport(deps: ResolveDeps, actor: UserRow, reportId: string, action: ReportAction, note = ''): Promise<ReportRow> {
  const { db } = deps;
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!report) throw new AppError('NOT_FOUND', 'Report not found');
  // What a report is about never changes, so these hold whatever happens meanwhile.
  if (action === 'remove-message' && !report.messageId) throw new AppError('VALIDATION_FAILED', 'This report is not about a message');
  if (action === 'suspend' && !report.subjectUserId) throw new AppError('VALIDATION_FAILED', 'This report names nobody to suspend');
  if (action === 'suspend') await suspendable(db, report.subjectUserId!);

  const resolved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (action === 'remove-message') {
      // Every open report of the message is resolved with it, so lock them all first, in id order:
      // two admins removing one message through two of its reports then queue instead of each
      // holding one report and waiting for the other's (a deadlock).
      await tx.select({ id: reports.id }).from(reports)
        .where(and(eq(reports.messageId, report.messageId!), eq(reports.status, 'open')))
        .orderBy(asc(reports.id)).for('update');
    }
    const [claimed] = await tx.update(reports).set(resolution(actor, OUTCOME[action], note))
      .where(and(eq(reports.id, report.id), eq(reports.status, 'open'))).returning();
    if (!claimed) throw new AppError('CONFLICT', 'This report was already resolved');

    if (action === 'remove-message') {
      const found = await findMessage(tx, report.messageId!);
      // A message gone altogether (its group deleted) needs no removing: the outcome holds.
      // takeBack tells the devices online before this commits. Should the transaction fail after
      // it (only the inserts below remain), they would show a removal that did not happen; that
      // rare case is better than removing outside the claim, where two admins could both act.
      if (found) await takeBack(tx, deps.realtime, deps.store, found, 'moderator');
      await tx.update(reports).set(resolution(actor, 'message-removed', note))
        .where(and(eq(reports.messageId, report.messageId!), eq(reports.status, 'open')));
    }
    if (action === 'suspend') await suspend(tx, report.subjectUserId!);
    await recordAction(tx, actor, {
      action, reportId: report.id, subjectUserId: report.subjectUserId, messageId: report.messageId, groupId: report.groupId, note,
    });
    return claimed;
  });
  if (action === 'suspend') closeSockets(deps.events, report.subjectUserId!);
  return resolved;
}
