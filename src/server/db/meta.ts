/**
 * Values made once and shared by every instance on one database (server_meta): the first boot
 * stores one; should two instances race, the first insert wins and both read it back.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverMeta } from './schema';

async function stored<T>(db: Db, key: string, parse: (text: string) => T | null): Promise<T | null> {
  const [row] = await db.select({ value: serverMeta.value }).from(serverMeta).where(eq(serverMeta.key, key)).limit(1);
  return row ? parse(row.value) : null;
}

/** The value under `key`, or `make()`'s, stored now. `parse` answers null for a value it cannot read. */
export async function loadOrCreateMeta<T>(db: Db, key: string, make: () => T, parse: (text: string) => T | null): Promise<T> {
  const found = await stored(db, key, parse);
  if (found) return found;
  await db.insert(serverMeta).values({ key, value: JSON.stringify(make()) }).onConflictDoNothing();
  const kept = await stored(db, key, parse);
  if (!kept) throw new Error(`server_meta holds an unreadable ${key}`);
  return kept;
}
