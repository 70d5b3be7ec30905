/**
 * Who may talk to whom. A regular user may write to anyone active (the spec lists all users to
 * them). A professional may write to the people they referred, to anyone who wrote to them first
 * (a user reaching out from the Therapists list), to other professionals and to admins. Nobody
 * writes to an account still waiting for verification (it cannot read chat), nor reads a thread
 * with one: to everyone but the admin it answers as an unknown id does.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { isProfessional } from '../../shared/limits';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { blocks, directMessages, groupMembers, groups, users, type UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { notPending } from '../users/standing';
import { noGroup } from './groups';
import type { FoundMessage } from './take-back';

/**
 * The other person of a direct conversation, or null: for an id that names nobody and for an
 * account pending verification alike. A pending account is hidden from everyone but the admin, so
 * each route answers both in the same words, and nobody can tell a hidden account from none.
 */
export async function findPartner(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), notPending())).limit(1);
  return row ?? null;
}

/** The spec's words when there is nobody to talk to. */
const noPartner = () => new AppError('NOT_FOUND', 'Invalid user selected');

/** The person whose thread is asked for. */
export async function threadPartner(db: Db, id: string): Promise<UserRow> {
  const partner = await findPartner(db, id);
  if (!partner) throw noPartner();
  return partner;
}

/** The person and whether the sender blocks them, in one read: this runs on every send (db/prepared.ts). */
const recipientLookup = preparedFor((db) => db.select({ receiver: users, blocked: blocks.blockedId }).from(users)
  .leftJoin(blocks, and(eq(blocks.blockerId, sql.placeholder('senderId')), eq(blocks.blockedId, users.id)))
  .where(and(eq(users.id, sql.placeholder('receiverId')), notPending())).limit(1)
  .prepare('haven_find_recipient'));

export async function findRecipient(db: Db, sender: UserRow, receiverId: string): Promise<UserRow> {
  if (receiverId === sender.id) throw new AppError('VALIDATION_FAILED', 'You cannot message yourself');
  const [found] = await recipientLookup(db).execute({ senderId: sender.id, receiverId });
  if (!found) throw noPartner();
  const { receiver } = found;
  // Signal's rule: to write to someone you blocked, unblock them first.
  if (found.blocked !== null) throw new AppError('FORBIDDEN', 'You blocked this person. Unblock them to send a message.');
  if (!(await mayWrite(db, sender, receiver))) {
    throw new AppError('FORBIDDEN', 'You can only message the people referred to you');
  }
  return receiver;
}

async function mayWrite(db: Db, sender: UserRow, receiver: UserRow): Promise<boolean> {
  if (!isProfessional(sender.role)) return true;
  if (receiver.referredBy === sender.id || receiver.role !== 'user') return true;
  const [first] = await db.select({ id: directMessages.id }).from(directMessages)
    .where(and(eq(directMessages.senderId, receiver.id), eq(directMessages.receiverId, sender.id))).limit(1);
  return first !== undefined;
}

export async function isMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: groupMembers.userId }).from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId))).limit(1);
  return row !== undefined;
}

const JOIN_FIRST = {
  read: 'Join the group to read its messages',
  send: 'Join the group to send messages',
} as const;

/** The group and whether the person belongs to it, in one read: this runs on every group send (db/prepared.ts). */
const membershipLookup = preparedFor((db) => db.select({ group: groups, member: groupMembers.userId }).from(groups)
  .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sql.placeholder('userId'))))
  .where(eq(groups.id, sql.placeholder('groupId'))).limit(1)
  .prepare('haven_group_of_member'));

/** The group, when the person is a member: the check before reading or sending a group's messages. */
export async function groupOfMember(db: Db, groupId: string, userId: string, purpose: keyof typeof JOIN_FIRST) {
  const [found] = await membershipLookup(db).execute({ groupId, userId });
  if (!found) throw noGroup();
  if (found.member === null) throw new AppError('FORBIDDEN', JOIN_FIRST[purpose]);
  return found.group;
}

/**
 * Whether a person may read this message: one of a direct thread of theirs (not one withheld from
 * them by a block), or of a group they belong to. Deleting and reporting ask the same question.
 */
export async function readsMessage(db: Db, userId: string, found: FoundMessage): Promise<boolean> {
  if (found.kind === 'group') return isMember(db, found.row.groupId, userId);
  return found.row.senderId === userId || (found.row.receiverId === userId && !found.row.withheld);
}

export const threadCondition = (a: string, b: string) => or(
  and(eq(directMessages.senderId, a), eq(directMessages.receiverId, b)),
  and(eq(directMessages.senderId, b), eq(directMessages.receiverId, a)),
);
