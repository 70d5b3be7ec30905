/**
 * Writing and reading messages. Sends are idempotent by (sender, clientId): the UNIQUE index
 * decides, not a read-then-write check, so two racing retries store one message.
 *
 * Every insert holds one transaction-scoped advisory lock, so a message's seq is taken and
 * committed in the same order across all connections and instances. Without it, seq 9 could
 * commit after seq 10 and a catch-up cursor already at 10 would skip it for good.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DirectMessage, GroupMessage, MessageSender } from '../../shared/api';
import { newId } from '../../shared/ids';
import type { Db } from '../db/client';
import { directMessages, groupMessages, users } from '../db/schema';
import { threadCondition } from './access';
import { toDirectMessage, toGroupMessage } from './serialize';

export interface Stored<T> {
  message: T;
  /** False when this clientId was stored before: answer the stored message, broadcast nothing. */
  created: boolean;
}

const serverClientId = () => `srv-${randomBytes(12).toString('hex')}`;

/** An arbitrary constant naming Haven's message-ordering lock. */
const MESSAGE_ORDER_LOCK = 0x4861_7665; // "Have"

export function inMessageOrder<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
    return work(tx as unknown as Db);
  });
}

export async function storeDirect(db: Db, input: { senderId: string; receiverId: string; text: string; image: string | null; clientId?: string }): Promise<Stored<DirectMessage>> {
  const clientId = input.clientId ?? serverClientId();
  const [row] = await inMessageOrder(db, (tx) => tx.insert(directMessages)
    .values({ id: newId(), senderId: input.senderId, receiverId: input.receiverId, text: input.text, image: input.image, clientId })
    .onConflictDoNothing({ target: [directMessages.senderId, directMessages.clientId] })
    .returning());
  if (row) return { message: toDirectMessage(row), created: true };
  const [existing] = await db.select().from(directMessages)
    .where(and(eq(directMessages.senderId, input.senderId), eq(directMessages.clientId, clientId))).limit(1);
  return { message: toDirectMessage(existing!), created: false };
}

export async function storeGroupMessage(db: Db, input: { groupId: string; sender: MessageSender; text: string; clientId?: string }): Promise<Stored<GroupMessage>> {
  const clientId = input.clientId ?? serverClientId();
  const [row] = await inMessageOrder(db, (tx) => tx.insert(groupMessages)
    .values({ id: newId(), groupId: input.groupId, senderId: input.sender._id, text: input.text, clientId })
    .onConflictDoNothing({ target: [groupMessages.senderId, groupMessages.clientId] })
    .returning());
  if (row) return { message: toGroupMessage(row, input.sender), created: true };
  const [existing] = await db.select().from(groupMessages)
    .where(and(eq(groupMessages.senderId, input.sender._id), eq(groupMessages.clientId, clientId))).limit(1);
  return { message: toGroupMessage(existing!, input.sender), created: false };
}

/** The newest `limit` messages before `before` (a seq), answered oldest first. */
export async function directThread(db: Db, a: string, b: string, page: { before?: number; limit: number }): Promise<DirectMessage[]> {
  const rows = await db.select().from(directMessages)
    .where(page.before ? and(threadCondition(a, b), lt(directMessages.seq, page.before)) : threadCondition(a, b))
    .orderBy(desc(directMessages.seq)).limit(page.limit);
  return rows.toReversed().map(toDirectMessage);
}

export async function groupThread(db: Db, groupId: string, page: { before?: number; limit: number }): Promise<GroupMessage[]> {
  const where = page.before ? and(eq(groupMessages.groupId, groupId), lt(groupMessages.seq, page.before)) : eq(groupMessages.groupId, groupId);
  const rows = await db.select({ m: groupMessages, s: { _id: users.id, fullName: users.fullName, profilePic: users.profilePic } })
    .from(groupMessages).innerJoin(users, eq(users.id, groupMessages.senderId))
    .where(where).orderBy(desc(groupMessages.seq)).limit(page.limit);
  return rows.toReversed().map((r) => toGroupMessage(r.m, r.s));
}
