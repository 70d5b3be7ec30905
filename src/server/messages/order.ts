/**
 * The message-order lock. Every write that takes a value of the message sequence (a new message,
 * a message taken back) and every acceptance of a message request holds one transaction-scoped
 * advisory lock (on PostgreSQL), so sequence values are taken and committed in the same order
 * across all connections and instances. Without it, seq 9 could commit after seq 10 and a
 * catch-up cursor already at 10 would skip it for good.
 */
import { is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../db/client';

/** An arbitrary constant naming Haven's message-ordering lock. */
const MESSAGE_ORDER_LOCK = 0x4861_7665; // "Have"

export function inMessageOrder<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // PGlite is one connection whose transactions already run one at a time, so they commit in seq
  // order without the lock; its round trip, inside the transaction, held every other query off.
  const oneConnection = is(db, PgliteDatabase);
  return db.transaction(async (tx) => {
    if (!oneConnection) await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
    return work(tx as unknown as Db);
  });
}

