/**
 * The database's epoch (server_meta, made by migration 0003). It never changes while a database
 * is open, so it is read once per database and every sync page carries it without a query.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverMeta } from './schema';

const epochs = new WeakMap<Db, Promise<string>>();

async function readEpoch(db: Db): Promise<string> {
  const [row] = await db.select({ value: serverMeta.value }).from(serverMeta).where(eq(serverMeta.key, 'epoch')).limit(1);
  if (!row) throw new Error('server_meta holds no epoch: migration 0003 did not run on this database');
  return row.value;
}

export function databaseEpoch(db: Db): Promise<string> {
  let epoch = epochs.get(db);
  if (!epoch) {
    epoch = readEpoch(db);
    // A read that failed (the database was unreachable for a moment) is not kept: the next page asks again.
    epoch.catch(() => epochs.delete(db));
    epochs.set(db, epoch);
  }
  return epoch;
}
