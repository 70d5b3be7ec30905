/**
 * The diary's rules (spec sections 3-5), on the person's own Dexie database. Entries never
 * leave the device: nothing here touches the network or the outbox.
 */
import { Dexie } from 'dexie';
import type { DiaryEntry, HavenDb } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { currentKey, openEntry, sealEntry, sealingKey } from '../lock/rows';

export const MISSING_FIELDS = 'Please fill in both title and content';

export class DiaryValidationError extends Error {
  constructor() {
    super(MISSING_FIELDS);
  }
}

/** Newest first (spec section 3); the id breaks ties so the order is stable. */
export function newestFirst(entries: readonly DiaryEntry[]): DiaryEntry[] {
  return [...entries].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

/** The entry as stored: sealed while the diary lock is on (docs/decisions/diary-lock.md). Inside a transaction covering db.meta. */
export async function storedEntry(db: HavenDb, entry: DiaryEntry): Promise<DiaryEntry> {
  const key = await sealingKey(db);
  return key ? Dexie.waitFor(sealEntry(key, entry)) : entry;
}

/** Every entry this tab can read, newest first; sealed ones are left out while the diary is locked. */
export async function readEntries(db: HavenDb): Promise<DiaryEntry[]> {
  const [rows, key] = await Promise.all([db.diary.orderBy('date').reverse().toArray(), currentKey(db)]);
  // Promise.resolve: WebCrypto is not Dexie, and a live query must not lose track of what it read.
  const opened = await Promise.resolve(Promise.all(rows.map((row) => openEntry(key, row))));
  return opened.filter((e): e is DiaryEntry => e !== null);
}

/** Saves a new entry; id is the timestamp string, nudged forward if that millisecond is taken. */
export async function saveEntry(db: HavenDb, title: string, content: string, now = new Date()): Promise<DiaryEntry> {
  if (!title.trim() || !content.trim()) throw new DiaryValidationError();
  return safeWrite(db, () => db.transaction('rw', db.diary, db.meta, async () => {
    let stamp = now.getTime();
    while (await db.diary.get(String(stamp))) stamp += 1;
    const entry: DiaryEntry = { id: String(stamp), title: title.trim(), content, date: new Date(stamp).toISOString() };
    await db.diary.add(await storedEntry(db, entry));
    return entry;
  }));
}

export async function deleteEntry(db: HavenDb, id: string): Promise<void> {
  await safeWrite(db, () => db.diary.delete(id));
}

/** Undo of a delete: the very entry back, same id, title, content and date. */
export async function restoreEntry(db: HavenDb, entry: DiaryEntry): Promise<void> {
  await safeWrite(db, () => db.transaction('rw', db.diary, db.meta, async () => {
    await db.diary.put(await storedEntry(db, entry));
  }));
}
