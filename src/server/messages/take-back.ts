/**
 * Taking a message back (docs/decisions/taking-messages-back.md): its author deletes it for
 * everyone, a moderator removes it, or its author's account goes. The words and the image are
 * erased from the row, not hidden; the row stays as a tombstone (same id, same place in the thread)
 * with a new `rev`, so every device's catch-up reaches it, and the socket tells the devices online
 * now. Direct and group alike: a photo in Haven's own store is deleted with its message.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DirectMessage, GroupMessage } from '../../shared/api';
import type { Db } from '../db/client';
import { directMessages, groupMessages, reactions, users } from '../db/schema';
import type { Realtime } from '../realtime/realtime';
import { ImageStore } from '../uploads/store';
import { announceChange } from './announce';
import { inMessageOrder } from './order';
import { dropReactions } from './reactions';
import { senderColumns, toDirectMessage, toGroupMessage, DELETED_SENDER } from './serialize';

export type TakenBackBy = 'sender' | 'moderator' | 'account';

type DirectRow = typeof directMessages.$inferSelect;
type GroupRow = typeof groupMessages.$inferSelect;

export type FoundMessage = { kind: 'direct'; row: DirectRow } | { kind: 'group'; row: GroupRow };

/** A direct or group message by id (ids are unique across both tables: 96 random bits). */
export async function findMessage(db: Db, messageId: string): Promise<FoundMessage | null> {
  const [direct] = await db.select().from(directMessages).where(eq(directMessages.id, messageId)).limit(1);
  if (direct) return { kind: 'direct', row: direct };
  const [group] = await db.select().from(groupMessages).where(eq(groupMessages.id, messageId)).limit(1);
  return group ? { kind: 'group', row: group } : null;
}

const erased = (by: TakenBackBy) => ({ text: '', deletedAt: new Date(), deletedBy: by, rev: sql`nextval('message_seq')` });

/**
 * Erases one message and tells everyone who holds it. Idempotent: a message already taken back
 * answers its tombstone and announces nothing.
 */
export interface TakenBack<T> {
  tombstone: T;
  /** False when it had been taken back already (by this call's twin, or earlier): nothing was told. */
  changed: boolean;
}

export async function takeBack(db: Db, realtime: Realtime, store: ImageStore, found: FoundMessage, by: TakenBackBy): Promise<TakenBack<DirectMessage | GroupMessage>> {
  return found.kind === 'direct' ? takeBackDirect(db, realtime, store, found.row, by) : takeBackGroup(db, realtime, store, found.row, by);
}

// Only a row still standing is erased, so of several deletes at once one changes it and tells.
// Its reactions go in the same transaction: a tombstone keeps nothing of what was said around it.
async function takeBackDirect(db: Db, realtime: Realtime, store: ImageStore, found: DirectRow, by: TakenBackBy): Promise<TakenBack<DirectMessage>> {
  const row = await inMessageOrder(db, async (tx) => {
    const [erasedRow] = await tx.update(directMessages).set({ ...erased(by), image: null })
      .where(and(eq(directMessages.id, found.id), isNull(directMessages.deletedAt))).returning();
    if (erasedRow) await dropReactions(tx, [erasedRow.id]);
    return erasedRow;
  });
  if (!row) {
    const [now] = await db.select().from(directMessages).where(eq(directMessages.id, found.id));
    return { tombstone: toDirectMessage(now ?? found, null), changed: false };
  }
  const tombstone = toDirectMessage(row, null);
  await removeImage(store, found.image);
  // Whoever never got the message (withheld, or blocking its sender now) is not told of its removal either.
  await announceChange(db, realtime, { kind: 'direct', row, message: tombstone });
  return { tombstone, changed: true };
}

async function takeBackGroup(db: Db, realtime: Realtime, store: ImageStore, found: GroupRow, by: TakenBackBy): Promise<TakenBack<GroupMessage>> {
  const row = await inMessageOrder(db, async (tx) => {
    const [erasedRow] = await tx.update(groupMessages).set({ ...erased(by), image: null })
      .where(and(eq(groupMessages.id, found.id), isNull(groupMessages.deletedAt))).returning();
    if (erasedRow) await dropReactions(tx, [erasedRow.id]);
    return erasedRow;
  });
  if (!row) {
    const [now] = await db.select().from(groupMessages).where(eq(groupMessages.id, found.id));
    return { tombstone: toGroupMessage(now ?? found, await senderOfRow(db, found.senderId)), changed: false };
  }
  const tombstone = toGroupMessage(row, await senderOfRow(db, row.senderId));
  await removeImage(store, found.image);
  await announceChange(db, realtime, { kind: 'group', row, message: tombstone });
  return { tombstone, changed: true };
}

export async function senderOfRow(db: Db, senderId: string) {
  const [sender] = await db.select(senderColumns).from(users).where(eq(users.id, senderId)).limit(1);
  return sender ?? { ...DELETED_SENDER, _id: senderId };
}

/** An image in Haven's own store goes with the message; one on ImageKit is not ours to delete. */
async function removeImage(store: ImageStore, url: string | null): Promise<void> {
  const name = url ? ImageStore.nameFromUrl(url) : null;
  if (name) await store.remove([name]);
}

/**
 * A deleted account's messages, on other people's devices: the same tombstones, made before the
 * account's row goes (its received messages go with it by cascade). Answers how many were erased.
 * Its reactions go too, and the messages they were on take a new rev, so devices drop them.
 */
export async function takeBackAllOf(db: Db, userId: string): Promise<number> {
  return inMessageOrder(db, async (tx) => {
    const reactedTo = sql`(select ${reactions.messageId} from ${reactions} where ${reactions.userId} = ${userId})`;
    await tx.update(directMessages).set({ rev: sql`nextval('message_seq')` }).where(sql`${directMessages.id} in ${reactedTo}`);
    await tx.update(groupMessages).set({ rev: sql`nextval('message_seq')` }).where(sql`${groupMessages.id} in ${reactedTo}`);
    await tx.delete(reactions).where(eq(reactions.userId, userId));
    const direct = await tx.update(directMessages).set({ ...erased('account'), image: null })
      .where(sql`${directMessages.senderId} = ${userId} and ${directMessages.deletedAt} is null`).returning({ id: directMessages.id });
    const group = await tx.update(groupMessages).set({ ...erased('account'), image: null })
      .where(sql`${groupMessages.senderId} = ${userId} and ${groupMessages.deletedAt} is null`).returning({ id: groupMessages.id });
    await dropReactions(tx, [...direct, ...group].map((m) => m.id));
    return direct.length + group.length;
  });
}
