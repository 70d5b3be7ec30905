/** Group listings as each kind of viewer sees them. */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AdminGroup, Group, GroupSummary, JoinedGroup } from '../../shared/api';
import { guidelinesOf } from '../../shared/guidelines';
import type { Db } from '../db/client';
import { groupMembers, groups, users, type UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { toPublicUser } from '../users/serialize';
import { senderColumns } from './serialize';

type GroupRow = typeof groups.$inferSelect;

const base = (g: GroupRow): Omit<Group, 'members'> => ({
  _id: g.id, name: g.name, type: g.type, description: g.description, createdAt: g.createdAt.toISOString(),
});

/** The spec's words for a group id that names no group. */
export const noGroup = () => new AppError('NOT_FOUND', 'Invalid group selected');

export async function findGroup(db: Db, id: string): Promise<GroupRow> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).limit(1);
  if (!row) throw noGroup();
  return row;
}

/** Every group for a signed-in person; member ids only where they are a member themselves. */
export async function groupsFor(db: Db, viewerId: string, only?: string[]): Promise<GroupSummary[]> {
  const rows = await db.select().from(groups).where(only ? inArray(groups.id, only) : undefined).orderBy(asc(groups.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((g) => g.id);
  const counts = await db.select({ groupId: groupMembers.groupId, n: count() }).from(groupMembers)
    .where(inArray(groupMembers.groupId, ids)).groupBy(groupMembers.groupId);
  const mine = new Set((await db.select({ groupId: groupMembers.groupId }).from(groupMembers)
    .where(eq(groupMembers.userId, viewerId))).map((m) => m.groupId));
  const myIds = ids.filter((id) => mine.has(id));
  const members = myIds.length
    ? await db.select({ groupId: groupMembers.groupId, userId: groupMembers.userId }).from(groupMembers)
      .where(inArray(groupMembers.groupId, myIds)).orderBy(asc(groupMembers.joinedAt))
    : [];
  return rows.map((g) => ({
    ...base(g),
    members: members.filter((m) => m.groupId === g.id).map((m) => m.userId),
    memberCount: counts.find((c) => c.groupId === g.id)?.n ?? 0,
    isMember: mine.has(g.id),
    guidelines: guidelinesOf(g.guidelines),
  }));
}

/**
 * A group as a member sees it right after joining (the spec's "updated group"): its members as
 * people, `{ _id, fullName, profilePic }`, in the order they joined. Only ever for a member.
 */
export async function joinedGroup(db: Db, memberId: string, groupId: string): Promise<JoinedGroup> {
  const [summary] = await groupsFor(db, memberId, [groupId]);
  if (!summary?.isMember) throw new AppError('NOT_FOUND', 'Invalid group selected');
  const members = await db.select(senderColumns).from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId)).orderBy(asc(groupMembers.joinedAt));
  return { ...summary, members };
}

/** Members as the admin sees them: by their full names. */
export async function groupsForAdmin(db: Db, admin: Pick<UserRow, 'id' | 'role'>): Promise<AdminGroup[]> {
  const rows = await db.select().from(groups).orderBy(asc(groups.createdAt));
  const members = await db.select({ groupId: groupMembers.groupId, user: users }).from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId)).orderBy(asc(groupMembers.joinedAt));
  return rows.map((g) => ({
    ...base(g),
    members: members.filter((m) => m.groupId === g.id).map((m) => toPublicUser(m.user, admin)),
    guidelines: guidelinesOf(g.guidelines),
  }));
}
