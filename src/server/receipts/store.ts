/**
 * Delivered and read receipts of direct messages (docs/decisions/receipts-and-typing.md). A
 * person's delivered position per sender only moves forward (GREATEST under the row lock ON
 * CONFLICT takes, as read positions do), and what a sender is told is worked out in one statement:
 * nothing about anyone either of the two blocks, and `read` only when both have receipts on.
 */
import { and, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Receipt } from '../../shared/api';
import type { Db } from '../db/client';
import { blocks, deliveredPositions, directMessages, readPositions, users } from '../db/schema';
import { AppError } from '../http/errors';
import { notPending } from '../users/standing';

/** The person told, beside the person a receipt is about (users). */
const viewerTable = alias(users, 'viewer');

/** A receipt and who is told it: the person who sent the direct messages it is about. */
export interface Told { viewerId: string; receipt: Receipt }

/**
 * What each viewer is told about how far each subject has received and read what the viewer sent
 * them, for the pairs `where` picks (`subject` is users, `viewer` its alias). Reading implies
 * delivery, so `delivered` is never below the read position (which counts even with receipts off:
 * the tick it gives is the delivered one, which always shows).
 */
async function receiptRows(db: Db, where: (viewer: typeof viewerTable) => SQL): Promise<Told[]> {
  const viewer = viewerTable;
  const blocked = db.select({ one: sql`1` }).from(blocks).where(or(
    and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, users.id)),
    and(eq(blocks.blockerId, users.id), eq(blocks.blockedId, viewer.id)),
  ));
  const rows = await db.select({
    viewerId: viewer.id,
    id: users.id,
    bothOn: sql<boolean>`${users.readReceipts} and ${viewer.readReceipts}`,
    delivered: deliveredPositions.seq,
    read: readPositions.lastReadSeq,
  }).from(users)
    .innerJoin(viewer, where(viewer))
    .leftJoin(deliveredPositions, and(eq(deliveredPositions.userId, users.id), eq(deliveredPositions.otherId, viewer.id)))
    .leftJoin(readPositions, and(eq(readPositions.userId, users.id), eq(readPositions.kind, 'direct'), eq(readPositions.conversationId, viewer.id)))
    .where(and(notPending(users), notPending(viewer), sql`not exists (${blocked})`));
  return rows.map((r) => {
    const read = r.read === null ? 0 : Number(r.read);
    const delivered = Math.max(r.delivered === null ? 0 : Number(r.delivered), read);
    return { viewerId: r.viewerId, receipt: { id: r.id, delivered, read: r.bothOn ? read : null } };
  });
}

/** GET /api/receipts: a receipt for everyone the caller has sent direct messages to. */
export async function receiptsFor(db: Db, viewerId: string): Promise<Receipt[]> {
  const partners = db.selectDistinct({ id: directMessages.receiverId }).from(directMessages).where(eq(directMessages.senderId, viewerId));
  const told = await receiptRows(db, (viewer) => and(eq(viewer.id, viewerId), inArray(users.id, partners))!);
  return told.map((t) => t.receipt);
}

/** What `viewerId` is told now about `subjectId` (the live event); null when one blocks the other. */
export async function receiptAbout(db: Db, viewerId: string, subjectId: string): Promise<Receipt | null> {
  const [told] = await receiptRows(db, (viewer) => and(eq(viewer.id, viewerId), eq(users.id, subjectId))!);
  return told?.receipt ?? null;
}

/** What everyone who sent `subjectId` direct messages is told about them now (after a change of their setting). */
export function receiptsAboutFor(db: Db, subjectId: string): Promise<Told[]> {
  const senders = db.selectDistinct({ id: directMessages.senderId }).from(directMessages).where(eq(directMessages.receiverId, subjectId));
  return receiptRows(db, (viewer) => and(eq(users.id, subjectId), inArray(viewer.id, senders))!);
}

export interface DeliveredPosition { id: string; seq: number }

/** Several reports about one sender count as the newest; sorted, so concurrent upserts lock rows in one order. */
function newestPerSender(positions: readonly DeliveredPosition[]): DeliveredPosition[] {
  const newest = new Map<string, number>();
  for (const { id, seq } of positions) newest.set(id, Math.max(newest.get(id) ?? 0, seq));
  return [...newest].map(([id, seq]) => ({ id, seq })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Each seq must be at most the newest direct message that person sent `userId` and that reached
 * them (a withheld one never did): one grouped read over the sender-receiver index. Answers the
 * positions to store: a sender whose account is gone is left out (their messages stay as
 * tombstones a device may report, but there is nobody to tell).
 */
async function checkPositions(db: Db, userId: string, positions: readonly DeliveredPosition[]): Promise<DeliveredPosition[]> {
  const ids = positions.map((p) => p.id);
  const newest = await db.select({ id: directMessages.senderId, seq: max(directMessages.seq) }).from(directMessages)
    .where(and(inArray(directMessages.senderId, ids), eq(directMessages.receiverId, userId), eq(directMessages.withheld, false)))
    .groupBy(directMessages.senderId);
  const found = new Map(newest.map((r) => [r.id, Number(r.seq ?? 0)]));
  for (const { id, seq } of positions) {
    if (seq > (found.get(id) ?? 0)) throw new AppError('VALIDATION_FAILED', 'That person has sent you no message with that number');
  }
  const present = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id));
  return positions.filter((p) => present.has(p.id));
}

/**
 * Stores that `userId`'s devices hold the direct messages of each sender up to its seq, all or
 * nothing; answers the senders whose position moved. A lower or equal seq than stored changes
 * nothing, whichever device or request commits first.
 */
export async function markDelivered(db: Db, userId: string, reported: readonly DeliveredPosition[]): Promise<string[]> {
  const positions = await checkPositions(db, userId, newestPerSender(reported));
  if (!positions.length) return [];
  const moved = await db.insert(deliveredPositions)
    .values(positions.map(({ id, seq }) => ({ userId, otherId: id, seq })))
    .onConflictDoUpdate({
      target: [deliveredPositions.userId, deliveredPositions.otherId],
      set: { seq: sql`greatest(${deliveredPositions.seq}, excluded.seq)`, updatedAt: sql`now()` },
      setWhere: sql`excluded.seq > ${deliveredPositions.seq}`,
    })
    .returning({ otherId: deliveredPositions.otherId });
  return moved.map((m) => m.otherId);
}

/** PUT /api/me/read-receipts. */
export async function setReadReceipts(db: Db, userId: string, on: boolean) {
  const [row] = await db.update(users).set({ readReceipts: on }).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}
