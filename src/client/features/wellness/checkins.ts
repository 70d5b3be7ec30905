/**
 * Mood check-ins (docs/decisions/wellness.md): how the person feels, in two taps, with optional
 * feelings, sleep and a short note. Kept only on this device, in the person's own database, like
 * the diary: nothing here touches the network.
 */
import { Dexie } from 'dexie';
import type { CheckIn, HavenDb } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { currentKey, LockedError, openCheckIn, readLock, sealCheckIn, type ShownCheckIn } from '../lock/rows';
import { keyFor } from '../lock/keyring';

export type Mood = 1 | 2 | 3 | 4 | 5;

/** The five steps, low to high; the words are what a screen reader says and the table shows. */
export const MOODS: readonly { value: Mood; label: string; face: string }[] = [
  { value: 1, label: 'Very low', face: '😞' },
  { value: 2, label: 'Low', face: '🙁' },
  { value: 3, label: 'Okay', face: '😐' },
  { value: 4, label: 'Good', face: '🙂' },
  { value: 5, label: 'Very good', face: '😄' },
];

export const moodLabel = (mood: number) => MOODS.find((m) => m.value === Math.round(mood))?.label ?? '';

/** A short list, pleasant and hard feelings alike, so none reads as the expected answer. */
export const FEELINGS = ['Calm', 'Grateful', 'Hopeful', 'Connected', 'Tired', 'Anxious', 'Sad', 'Lonely', 'Angry', 'Overwhelmed'] as const;
export type Feeling = (typeof FEELINGS)[number];

export const NOTE_MAX_LENGTH = 280;
export const SLEEP_MAX_HOURS = 24;

export type { CheckIn };

export interface CheckInInput {
  mood: Mood;
  feelings?: readonly string[];
  sleepHours?: number | null;
  note?: string;
}

export class CheckInError extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const isMood = (v: unknown): v is Mood => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5;
const isSleep = (v: unknown) => v === null || (typeof v === 'number' && v >= 0 && v <= SLEEP_MAX_HOURS && Number.isInteger(v * 2));

/** The check-in as it is kept, or a message fit to show about what is wrong. */
export function validCheckIn(input: CheckInInput): Omit<CheckIn, 'id' | 'at' | 'day'> {
  if (!isMood(input.mood)) throw new CheckInError('Choose how you are feeling, from very low to very good.');
  const feelings = [...new Set(input.feelings ?? [])];
  if (!feelings.every((f) => (FEELINGS as readonly string[]).includes(f))) throw new CheckInError('Choose feelings from the list.');
  const sleepHours = input.sleepHours ?? null;
  if (!isSleep(sleepHours)) throw new CheckInError(`Sleep is a number of hours from 0 to ${SLEEP_MAX_HOURS}, in half hours.`);
  const note = (input.note ?? '').trim();
  if (note.length > NOTE_MAX_LENGTH) throw new CheckInError(`A note can be at most ${NOTE_MAX_LENGTH} characters.`);
  return { mood: input.mood, feelings, sleepHours, note };
}

/**
 * The check-in as stored. With the diary lock on its note is sealed (docs/decisions/diary-lock.md);
 * while locked, a check-in without a note can still be saved, one with a note cannot. Inside a
 * transaction covering db.meta.
 */
export async function storedCheckIn(db: HavenDb, checkIn: CheckIn): Promise<CheckIn> {
  const record = await readLock(db);
  if (!record) return checkIn;
  const key = keyFor(db, record);
  if (key) return Dexie.waitFor(sealCheckIn(key, checkIn));
  if (checkIn.note) throw new LockedError();
  return checkIn;
}

export async function saveCheckIn(db: HavenDb, input: CheckInInput, now = new Date()): Promise<CheckIn> {
  const checkIn: CheckIn = { id: crypto.randomUUID(), at: now.toISOString(), day: localDay(now), ...validCheckIn(input) };
  await safeWrite(db, () => db.transaction('rw', db.checkIns, db.meta, async () => {
    await db.checkIns.add(await storedCheckIn(db, checkIn));
  }));
  return checkIn;
}

/** Whether a check-in read by readCheckIns has a note the diary lock keeps closed right now. */
export const isNoteLocked = (checkIn: CheckIn): boolean => (checkIn as ShownCheckIn).noteLocked === true;

/** Every check-in by day, notes opened with this tab's key; a note it cannot open is marked `noteLocked`. */
export async function readCheckIns(db: HavenDb): Promise<ShownCheckIn[]> {
  const [rows, key] = await Promise.all([db.checkIns.orderBy('day').toArray(), currentKey(db)]);
  // Promise.resolve: WebCrypto is not Dexie, and a live query must not lose track of what it read.
  return Promise.resolve(Promise.all(rows.map((row) => openCheckIn(key, row))));
}

export async function deleteCheckIn(db: HavenDb, id: string): Promise<void> {
  await safeWrite(db, () => db.checkIns.delete(id));
}

/** Whether a value read from a file is a check-in this version can keep. */
export function isCheckIn(value: unknown): value is CheckIn {
  const c = value as Partial<CheckIn> | null;
  if (typeof c !== 'object' || c === null) return false;
  if (typeof c.id !== 'string' || c.id.length === 0 || c.id.length > 64) return false;
  if (typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at))) return false;
  if (typeof c.day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(c.day)) return false;
  try {
    validCheckIn({ mood: c.mood as Mood, feelings: c.feelings ?? [], sleepHours: c.sleepHours ?? null, note: c.note ?? '' });
    return Array.isArray(c.feelings) && typeof (c.note ?? '') === 'string';
  } catch {
    return false;
  }
}
