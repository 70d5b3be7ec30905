/**
 * Writes that must not lose what a person typed. If the browser closed the database (it does under
 * storage pressure or after a long sleep) it is reopened and the write tried once more; a full
 * disk becomes a clear message the composer shows while keeping the text.
 */
import { Dexie } from 'dexie';
import type { HavenDb } from './database';

export class StorageFullError extends Error {
  constructor() {
    super('Your device is out of storage space, so this could not be saved. Free some space and try again; your text is still here.');
  }
}

const isClosed = (e: unknown) => e instanceof Dexie.DatabaseClosedError || (e as { name?: string })?.name === 'InvalidStateError';
const isQuota = (e: unknown) => e instanceof Dexie.QuotaExceededError || (e as { inner?: { name?: string } })?.inner?.name === 'QuotaExceededError'
  || (e as { name?: string })?.name === 'QuotaExceededError';

export async function safeWrite<T>(db: HavenDb, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuota(error)) throw new StorageFullError();
    if (!isClosed(error)) throw error;
    await db.open();
    try {
      return await write();
    } catch (again) {
      if (isQuota(again)) throw new StorageFullError();
      throw again;
    }
  }
}
