/**
 * Reports as their reporter and as a moderator read them. Names are read in one query per list
 * (not per report), and always as they are now: a report names people by id, so a renamed or
 * deleted account reads as it is today.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { AdminReport, MyReport } from '../../shared/community';
import { REPORT_LIST_LIMIT } from '../../shared/limits';
import type { Db } from '../db/client';
import { groups, reports, users } from '../db/schema';
import { DELETED_SENDER, shownName } from '../messages/serialize';
import { contextOf } from './context';
import { targetOf, type ReportRow } from './reports-store';

interface Person { fullName: string; shown: string; suspended: boolean }

interface Names {
  people: Map<string, Person>;
  groups: Map<string, string>;
}

const DELETED_GROUP = 'Deleted group';

async function namesFor(db: Db, rows: ReportRow[]): Promise<Names> {
  const userIds = [...new Set(rows.flatMap((r) => [r.reporterId, r.subjectUserId, r.resolvedBy]).filter((id): id is string => id !== null))];
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is string => id !== null))];
  const people = userIds.length === 0 ? [] : await db.select({
    id: users.id, fullName: users.fullName, displayName: users.displayName, suspendedAt: users.suspendedAt,
  }).from(users).where(inArray(users.id, userIds));
  const named = groupIds.length === 0 ? [] : await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds));
  return {
    people: new Map(people.map((p) => [p.id, { fullName: p.fullName, shown: shownName(p), suspended: p.suspendedAt !== null }])),
    groups: new Map(named.map((g) => [g.id, g.name])),
  };
}

/**
 * The target's readable name as the reporter knew it: the person's shown name (their display name,
 * if they chose one), the group's name, or the message's sender.
 */
function labelOf(r: ReportRow, names: Names): string {
  const target = targetOf(r);
  if (target.kind === 'group') return names.groups.get(target.id) ?? DELETED_GROUP;
  const person = r.subjectUserId ? names.people.get(r.subjectUserId) : undefined;
  return person?.shown ?? DELETED_SENDER.fullName;
}

function toMyReport(r: ReportRow, names: Names): MyReport {
  return {
    _id: r.id, reason: r.reason, note: r.note, status: r.status, outcome: r.outcome,
    target: { ...targetOf(r), label: labelOf(r, names) },
    createdAt: r.createdAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

async function toAdminReport(db: Db, r: ReportRow, names: Names): Promise<AdminReport> {
  const reporter = r.reporterId ? names.people.get(r.reporterId) : undefined;
  const subject = r.subjectUserId ? names.people.get(r.subjectUserId) : undefined;
  const resolver = r.resolvedBy ? names.people.get(r.resolvedBy) : undefined;
  return {
    ...toMyReport(r, names),
    reporter: { _id: reporter ? r.reporterId : null, fullName: reporter?.fullName ?? DELETED_SENDER.fullName },
    subject: r.subjectUserId
      ? { _id: r.subjectUserId, fullName: subject?.fullName ?? DELETED_SENDER.fullName, suspended: subject?.suspended ?? false }
      : null,
    reportedText: r.reportedText,
    // Only while the report is open: once resolved, the words around it are nobody's business
    // any more, as the reported words themselves (erased at resolution).
    context: r.status === 'open' && r.messageId ? await contextOf(db, r.messageId) : [],
    resolvedBy: resolver?.fullName ?? null,
    resolutionNote: r.resolutionNote,
  };
}

/** The reporter's own reports, newest first. */
export async function reportsOf(db: Db, reporterId: string): Promise<MyReport[]> {
  const rows = await db.select().from(reports).where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id)).limit(REPORT_LIST_LIMIT);
  const names = await namesFor(db, rows);
  return rows.map((r) => toMyReport(r, names));
}

/** The moderators' queue: open, resolved or all, newest first. */
export async function reportsForAdmin(db: Db, status: 'open' | 'resolved' | 'all'): Promise<AdminReport[]> {
  const rows = await db.select().from(reports).where(status === 'all' ? undefined : eq(reports.status, status))
    .orderBy(desc(reports.createdAt), desc(reports.id)).limit(REPORT_LIST_LIMIT);
  return describeForAdmin(db, rows);
}

export async function describeForAdmin(db: Db, rows: ReportRow[]): Promise<AdminReport[]> {
  const names = await namesFor(db, rows);
  return Promise.all(rows.map((r) => toAdminReport(db, r, names)));
}
