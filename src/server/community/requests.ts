/**
 * Message requests (docs/decisions/message-requests.md). A direct message is a request when its
 * receiver has not accepted its sender: they never wrote to them, never accepted their request, and
 * no referral binds the two (the receiver's own professional, a professional writing to someone
 * referred to them, an admin). Requests are stored and delivered as any message, marked, and the
 * receiver's devices keep them apart until they accept. Writing to someone accepts them; so does
 * accepting.
 */
import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { blocks, contacts, directMessages, users } from '../db/schema';
import { inMessageOrder } from '../messages/order';

export interface Delivery {
  /** The receiver has not accepted the sender yet. */
  request: boolean;
  /** The receiver blocks the sender: stored for the sender's sake, never delivered. */
  withheld: boolean;
}

/**
 * One read for everything a send decides (it runs on every message): each person's role and
 * referrer, whether they accepted the sender, whether the sender already accepted them, and
 * whether they block the sender. Values, or a prepared statement's placeholders.
 */
function peopleOf(tx: Db, senderId: string | Placeholder, ids: (string | Placeholder)[]) {
  // Qualified by hand: in a one-table select drizzle writes a column bare, and a bare "id" inside
  // the subqueries would be read as the subquery's own table's column if it ever had one.
  const person = sql`${users}.${sql.identifier(users.id.name)}`;
  return tx.select({
    id: users.id, role: users.role, referredBy: users.referredBy,
    accepted: sql<boolean>`exists (select 1 from ${contacts} where ${contacts.userId} = ${person} and ${contacts.otherId} = ${senderId})`,
    known: sql<boolean>`exists (select 1 from ${contacts} where ${contacts.userId} = ${senderId} and ${contacts.otherId} = ${person})`,
    blocking: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${person} and ${blocks.blockedId} = ${senderId})`,
  }).from(users).where(inArray(users.id, ids));
}

/**
 * A message to one person, the usual send (db/prepared.ts): built once per pooled connection on
 * PostgreSQL, where the message's transaction runs on one (messages/order.ts). PGlite's handle is
 * new with each transaction, so there it is built each time, as before.
 */
const onePerson = preparedFor((tx) => peopleOf(tx, sql.placeholder('senderId'), [sql.placeholder('senderId'), sql.placeholder('receiverId')])
  .prepare('haven_deliveries'));

/**
 * How each receiver gets a message from `senderId`, and the acceptances sending makes: the sender
 * accepts every receiver, and a receiver bound to the sender by a referral accepts the sender.
 * Runs inside the message's transaction, so a concurrent accept or block is seen before or after, whole.
 */
export async function deliveries(tx: Db, senderId: string, receiverIds: string[]): Promise<Map<string, Delivery>> {
  const receivers = [...new Set(receiverIds)];
  const people = receivers.length === 1
    ? await onePerson(tx).execute({ senderId, receiverId: receivers[0] })
    : await peopleOf(tx, senderId, [senderId, ...receivers]);
  const sender = people.find((p) => p.id === senderId);
  const others = people.filter((p) => p.id !== senderId);
  const bound = new Set(others.filter((p) => sender?.role === 'admin' || p.referredBy === senderId || sender?.referredBy === p.id).map((p) => p.id));
  const accepted = new Set(others.filter((p) => p.accepted).map((p) => p.id));
  const blocking = new Set(others.filter((p) => p.blocking).map((p) => p.id));
  const known = new Set(others.filter((p) => p.known).map((p) => p.id));
  // Only acceptances not made yet: in an ongoing conversation a send writes nothing here. A race
  // with another send that makes the same row is settled by the key (do nothing).
  const rows = [
    ...receivers.filter((id) => !known.has(id)).map((id) => ({ userId: senderId, otherId: id })),
    ...[...bound].filter((id) => !accepted.has(id)).map((id) => ({ userId: id, otherId: senderId })),
  ];
  if (rows.length) await tx.insert(contacts).values(rows).onConflictDoNothing();
  return new Map(receivers.map((id) => [id, { request: !accepted.has(id) && !bound.has(id), withheld: blocking.has(id) }]));
}

/** `userId` accepts `otherId`: their waiting messages stop being requests. */
export async function accept(db: Db, userId: string, otherId: string): Promise<void> {
  // Under the message-order lock, as sends are: a send either sees this acceptance or is stored
  // before it, and then cleared by it. Outside it, a send could read "not accepted", then commit
  // after this, and stay a request for good.
  await inMessageOrder(db, async (tx) => {
    await tx.insert(contacts).values({ userId, otherId }).onConflictDoNothing();
    await tx.update(directMessages).set({ request: false })
      .where(and(eq(directMessages.senderId, otherId), eq(directMessages.receiverId, userId), eq(directMessages.request, true)));
  });
}

/** The people whose requests wait for `userId`: not accepted, not blocked, with at least one message delivered. */
export function waitingRequests(db: Db, userId: string) {
  return db.select({
    user: users,
    count: sql<number>`count(*)::int`,
    lastAt: sql<Date>`max(${directMessages.createdAt})`.mapWith((v: string | Date) => new Date(v)),
  }).from(directMessages).innerJoin(users, eq(users.id, directMessages.senderId))
    .where(and(
      eq(directMessages.receiverId, userId), eq(directMessages.request, true), eq(directMessages.withheld, false),
      sql`${directMessages.deletedAt} is null`,
      sql`not exists (select 1 from ${contacts} where ${contacts.userId} = ${userId} and ${contacts.otherId} = ${directMessages.senderId})`,
      sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${directMessages.senderId})`,
    ))
    .groupBy(users.id).orderBy(sql`max(${directMessages.createdAt}) desc`);
}
