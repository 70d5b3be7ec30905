/** Shared pieces of the diary lock's tests: small Argon2id parameters, fresh databases, a raw IndexedDB dump. */
import { HavenDb, type CheckIn, type DiaryEntry } from '../../../src/client/db/database';
import type { KdfParams } from '../../../src/client/features/lock/kdf';

/** Small parameters, so tests of the flows do not each spend seconds in Argon2id (keys.test.ts checks the real ones). */
export const FAST: KdfParams = { alg: 'argon2id', memoryKiB: 64, iterations: 1, parallelism: 1 };

let n = 0;
const open: HavenDb[] = [];
export function freshDb(): HavenDb {
  n += 1;
  const db = new HavenDb(`lock-test-${Date.now().toString(36)}-${n}`);
  open.push(db);
  return db;
}
export async function deleteAll(): Promise<void> {
  await Promise.all(open.splice(0).map((d) => d.delete()));
}

/**
 * Every value in every object store of the database, read with IndexedDB itself (not Dexie), as
 * one string: what anyone with a copy of the browser's storage would see.
 */
export async function rawDump(name: string): Promise<string> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error));
  });
  const stores = [...idb.objectStoreNames];
  const values = await Promise.all(stores.map((store) => new Promise<unknown[]>((resolve, reject) => {
    const request = idb.transaction(store, 'readonly').objectStore(store).getAll();
    request.addEventListener('success', () => resolve(request.result as unknown[]));
    request.addEventListener('error', () => reject(request.error));
  })));
  idb.close();
  return JSON.stringify(Object.fromEntries(stores.map((s, i) => [s, values[i]])));
}

export const ENTRIES: DiaryEntry[] = [
  { id: '1767261600000', title: 'Lighthouse morning', content: 'Walked to the lighthouse with Ada.', date: '2026-01-01T10:00:00.000Z' },
  { id: '1767348000000', title: 'Quiet evening', content: 'Marmalade toast and a long bath.', date: '2026-01-02T10:00:00.000Z' },
];

export const CHECK_IN: CheckIn = {
  id: 'c1', at: '2026-01-02T09:00:00.000Z', day: '2026-01-02', mood: 2, feelings: ['Tired'], sleepHours: 5, note: 'Thunderstorm kept me up',
};

/** Words from the seeded diary, plan and note that must never be found in storage while locked. */
export const SECRET_WORDS = ['Lighthouse', 'lighthouse with Ada', 'Quiet evening', 'Marmalade', 'Thunderstorm', 'Not sleeping', 'My niece'];
