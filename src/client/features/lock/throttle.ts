/**
 * Wrong passcodes slow down: after the third wrong try in a row each next try waits twice as long
 * (2 s, 4 s, 8 s … up to 15 minutes). Kept in `meta`, so a reload does not start the count again.
 * It is a speed bump for someone at the screen; against a copy of the database, only Argon2id and
 * the passcode's strength count (docs/decisions/diary-lock.md).
 */
import type { HavenDb } from '../../db/database';

export const ATTEMPTS_KEY = 'diaryLockAttempts';

interface Attempts {
  failures: number;
  /** Epoch ms before which no try is made. */
  notBefore: number;
}

const FREE_TRIES = 2;
const MAX_DELAY_MS = 15 * 60_000;

/** The wait after `failures` wrong tries in a row. */
export function delayAfter(failures: number): number {
  return failures <= FREE_TRIES ? 0 : Math.min(2 ** (failures - FREE_TRIES) * 1000, MAX_DELAY_MS);
}

export class WaitError extends Error {
  constructor(readonly waitMs: number) {
    const seconds = Math.ceil(waitMs / 1000);
    super(`Too many wrong tries. Please wait ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}, then try again.`);
  }
}

async function read(db: HavenDb): Promise<Attempts> {
  const value = (await db.meta.get(ATTEMPTS_KEY))?.value as Partial<Attempts> | undefined;
  return { failures: Number(value?.failures) || 0, notBefore: Number(value?.notBefore) || 0 };
}

/** Throws WaitError while a wait from earlier wrong tries runs. */
export async function checkWait(db: HavenDb, now = Date.now()): Promise<void> {
  const { notBefore } = await read(db);
  if (now < notBefore) throw new WaitError(notBefore - now);
}

/** Counts a wrong try; answers the wait before the next one. */
export async function noteFailure(db: HavenDb, now = Date.now()): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const failures = (await read(db)).failures + 1;
    const wait = delayAfter(failures);
    await db.meta.put({ key: ATTEMPTS_KEY, value: { failures, notBefore: now + wait } satisfies Attempts });
    return wait;
  });
}

export async function clearFailures(db: HavenDb): Promise<void> {
  await db.meta.delete(ATTEMPTS_KEY);
}
