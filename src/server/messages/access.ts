/**
 * Who may talk to whom. A regular user may write to anyone active (the spec lists all users to
 * them). A professional may write to the people they referred, to anyone who wrote to them first
 * (a user reaching out from the Therapists list), to other professionals and to admins. Nobody
 * writes to an account still waiting for verification: it cannot read chat.
 */
import { and, eq, or } from 'drizzle-orm';
import { isPendingProfessional, isProfessional } from '../../shared/limits';
import type { Db } from '../db/client';
import { directMessages, groupMembers, users, type UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { findGroup } from './groups';

export async function findRecipient(db: Db, sender: UserRow, receiverId: string): Promise<UserRow> {
  if (receiverId === sender.id) throw new AppError('VALIDATION_FAILED', 'You cannot message yourself');
  const [receiver] = await db.select().from(users).where(eq(users.id, receiverId)).limit(1);
  if (!receiver || isPendingProfessional(receiver)) throw new AppError('NOT_FOUND', 'Invalid user selected');
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

/** The group, when the person is a member: the check before reading or sending a group's messages. */
export async function groupOfMember(db: Db, groupId: string, userId: string, purpose: keyof typeof JOIN_FIRST) {
  const group = await findGroup(db, groupId);
  if (!(await isMember(db, group.id, userId))) throw new AppError('FORBIDDEN', JOIN_FIRST[purpose]);
  return group;
}

export const threadCondition = (a: string, b: string) => or(
  and(eq(directMessages.senderId, a), eq(directMessages.receiverId, b)),
  and(eq(directMessages.senderId, b), eq(directMessages.receiverId, a)),
);
