/**
 * How locked rows look at rest, table by table. Ids, dates and indexed fields stay in clear (the
 * diary is read by `date`, check-ins by `day`); the words go into `sealed`:
 * - diary: `{ id, date, sealed }`, title and content sealed together;
 * - safety plan: the private sections' items (PRIVATE_SECTIONS) sealed as one list;
 * - check-ins: the note sealed; mood, feelings and sleep stay in clear for the trends.
 * Readers take sealed and plain rows alike, so a row written by an older tab still shows.
 */
import { Dexie } from 'dexie';
import type { CheckIn, DiaryEntry, HavenDb, SafetyPlanItem, SafetyPlanRow, SafetyPlanSection } from '../../db/database';
import { isSealed, seal, unseal, type Sealed } from './codec';
import { keyFor } from './keyring';
import type { LockRecord } from './keys';

export const LOCK_KEY = 'diaryLock';

export class LockedError extends Error {
  constructor() {
    super('Your diary is locked. Unlock it with your passcode, then try again.');
  }
}

/** The lock record, or null when the lock is off. */
export async function readLock(db: HavenDb): Promise<LockRecord | null> {
  return ((await db.meta.get(LOCK_KEY))?.value as LockRecord | undefined) ?? null;
}

/** The data key when unlocked; null when locked or the lock is off. */
export async function currentKey(db: HavenDb): Promise<CryptoKey | null> {
  return keyFor(db, await readLock(db));
}

/**
 * The key to seal a write with, read inside the write's transaction (which must cover db.meta):
 * null with the lock off; LockedError when it is on and this tab does not hold the key.
 */
export async function sealingKey(db: HavenDb): Promise<CryptoKey | null> {
  const record = await readLock(db);
  if (!record) return null;
  const key = keyFor(db, record);
  if (!key) throw new LockedError();
  return key;
}

type Row<T> = T & { sealed?: Sealed };

/* Diary */

const entryAad = (id: string) => `diary:${id}`;

export async function sealEntry(key: CryptoKey, entry: DiaryEntry): Promise<DiaryEntry> {
  const sealed = await seal(key, entryAad(entry.id), { title: entry.title, content: entry.content });
  return { id: entry.id, date: entry.date, sealed } as unknown as DiaryEntry;
}

/** The entry to show; null when it is sealed and the key is missing (or not the one it was sealed with). */
export async function openEntry(key: CryptoKey | null, row: Row<DiaryEntry>): Promise<DiaryEntry | null> {
  if (!isSealed(row.sealed)) return row;
  if (!key) return null;
  try {
    const { title, content } = await unseal<{ title: string; content: string }>(key, entryAad(row.id), row.sealed);
    return { id: row.id, title, content, date: row.date };
  } catch {
    return null;
  }
}

/* Safety plan */

/**
 * The steps that say most about a person's inner life are sealed. "People I can ask for help" and
 * "Professionals and crisis lines" stay readable while locked: in a crisis, who to call must
 * never wait for a passcode.
 */
export const PRIVATE_SECTIONS: ReadonlySet<SafetyPlanSection> = new Set<SafetyPlanSection>([
  'warningSigns', 'copingStrategies', 'distractions', 'saferSurroundings', 'reasonsForLiving',
]);

const planAad = (section: SafetyPlanSection) => `safetyPlan:${section}`;

/** The row as stored: sealed for a private section when `key` is given. */
export async function storedPlanRow(key: CryptoKey | null, row: SafetyPlanRow): Promise<SafetyPlanRow> {
  if (!key || !PRIVATE_SECTIONS.has(row.section)) return row;
  return { section: row.section, items: [], updatedAt: row.updatedAt, sealed: await seal(key, planAad(row.section), row.items) } as SafetyPlanRow;
}

/** A section's items; null when they are sealed and cannot be opened now. */
export async function openPlanItems(key: CryptoKey | null, row: Row<SafetyPlanRow> | undefined): Promise<SafetyPlanItem[] | null> {
  if (!row) return [];
  if (!isSealed(row.sealed)) return row.items;
  if (!key) return null;
  try {
    return await unseal<SafetyPlanItem[]>(key, planAad(row.section), row.sealed);
  } catch {
    return null;
  }
}

/* Check-ins */

/** A check-in as screens get it: `noteLocked` while its note cannot be read. */
export type ShownCheckIn = CheckIn & { noteLocked?: true };

const noteAad = (id: string) => `checkIn:${id}`;

export async function sealCheckIn(key: CryptoKey, checkIn: CheckIn): Promise<CheckIn> {
  return { ...checkIn, note: '', sealed: await seal(key, noteAad(checkIn.id), checkIn.note) } as CheckIn;
}

export async function openCheckIn(key: CryptoKey | null, row: Row<CheckIn>): Promise<ShownCheckIn> {
  const { sealed, ...checkIn } = row;
  if (!isSealed(sealed)) return checkIn;
  try {
    if (key) return { ...checkIn, note: await unseal<string>(key, noteAad(row.id), sealed) };
  } catch {
    // Falls through: shown as locked rather than as an empty note.
  }
  return { ...checkIn, note: '', noteLocked: true };
}

/* Everything at once: turning the lock on and off. */

export class UnreadableError extends Error {
  constructor() {
    super('Part of your diary could not be decrypted, so nothing was changed.');
  }
}

/** Seals every plain row; inside a transaction covering the diary, the plan and the check-ins. */
export async function sealAll(db: HavenDb, key: CryptoKey): Promise<void> {
  const [entries, plan, checkIns] = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
  const plainEntries = (entries as Row<DiaryEntry>[]).filter((e) => !isSealed(e.sealed));
  const plainPlan = (plan as Row<SafetyPlanRow>[]).filter((r) => PRIVATE_SECTIONS.has(r.section) && !isSealed(r.sealed));
  const plainCheckIns = (checkIns as Row<CheckIn>[]).filter((c) => !isSealed(c.sealed));
  // Dexie.waitFor keeps the transaction open while WebCrypto (not IndexedDB) works.
  const [e, p, c] = await Dexie.waitFor(Promise.all([
    Promise.all(plainEntries.map((x) => sealEntry(key, x))),
    Promise.all(plainPlan.map((x) => storedPlanRow(key, x))),
    Promise.all(plainCheckIns.map((x) => sealCheckIn(key, x))),
  ]));
  await Promise.all([db.diary.bulkPut(e), db.safetyPlan.bulkPut(p), db.checkIns.bulkPut(c)]);
}

/** Opens every sealed row back into plain text; throws UnreadableError (changing nothing) if one will not open. */
export async function openAll(db: HavenDb, key: CryptoKey): Promise<void> {
  const [entries, plan, checkIns] = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
  const [e, p, c] = await Dexie.waitFor(Promise.all([
    Promise.all((entries as Row<DiaryEntry>[]).filter((x) => isSealed(x.sealed)).map((x) => openEntry(key, x))),
    Promise.all((plan as Row<SafetyPlanRow>[]).filter((x) => isSealed(x.sealed))
      .map(async (x) => { const items = await openPlanItems(key, x); return items && { section: x.section, items, updatedAt: x.updatedAt }; })),
    Promise.all((checkIns as Row<CheckIn>[]).filter((x) => isSealed(x.sealed)).map((x) => openCheckIn(key, x))),
  ]));
  if (e.includes(null) || p.includes(null) || c.some((x) => x.noteLocked)) throw new UnreadableError();
  await Promise.all([
    db.diary.bulkPut(e as DiaryEntry[]),
    db.safetyPlan.bulkPut(p as SafetyPlanRow[]),
    db.checkIns.bulkPut(c),
  ]);
}
