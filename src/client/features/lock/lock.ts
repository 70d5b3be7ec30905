/**
 * The diary lock's flows on one person's database: turning it on (sealing everything, in one
 * transaction), unlocking, changing the passcode (a re-wrap of the one data key: no entry is
 * touched), a new recovery code, the idle time, and turning it off (opening everything in place).
 */
import type { HavenDb } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { KDF_PARAMS, type KdfParams } from './kdf';
import { draftStorageKey } from '../../state/local-keys';
import { forget, hold, keyFor, pauseLock, setIdleMinutes } from './keyring';
import { createLock, newRecoveryCode, normalizeRecoveryCode, PASSCODE_RULE, passcodeKind, unwrapWith, wrapWith, type LockRecord, type Wrap } from './keys';
import { LOCK_KEY, openAll, readLock, sealAll } from './rows';
import { ATTEMPTS_KEY, checkWait, clearFailures, noteFailure } from './throttle';

export class LockError extends Error {}

export const WRONG_SECRET = 'That passcode is not right. Please try again.';

/** Which secret opened the key: after a recovery code, the person is offered a new passcode. */
export type OpenedWith = 'passcode' | 'recovery';

/**
 * Tries `secret` as the passcode, and as the recovery code when it has that shape. Slowed down
 * after wrong tries (throttle.ts); a wrong one throws LockError.
 */
export async function openWith(db: HavenDb, record: Pick<LockRecord, 'passcode' | 'recovery'>, secret: string, extractable = false): Promise<{ key: CryptoKey; via: OpenedWith }> {
  await checkWait(db);
  // Something shaped like a recovery code is tried as one first: a passcode of that shape is unlikely.
  const recovery = normalizeRecoveryCode(secret);
  const viaRecovery = recovery ? await unwrapWith(recovery, record.recovery, extractable) : null;
  if (viaRecovery) {
    await clearFailures(db);
    return { key: viaRecovery, via: 'recovery' };
  }
  const key = await unwrapWith(secret, record.passcode, extractable);
  if (!key) {
    await noteFailure(db);
    throw new LockError(WRONG_SECRET);
  }
  await clearFailures(db);
  return { key, via: 'passcode' };
}

async function lockOrThrow(db: HavenDb): Promise<LockRecord> {
  const record = await readLock(db);
  if (!record) throw new LockError('The diary lock is off.');
  return record;
}

function checkNew(passcode: string, confirm: string) {
  if (!passcodeKind(passcode)) throw new LockError(PASSCODE_RULE);
  if (passcode !== confirm) throw new LockError('The two passcodes are not the same. Please type it again.');
}

/** With the lock on, a new entry's draft lives only in memory (EntryForm): the plain one goes. */
export function removePlainDraft(db: HavenDb): void {
  localStorage.removeItem(draftStorageKey(db.userId, 'diary:new'));
}

/** Turns the lock on; answers the recovery code, to be shown once. */
export async function turnOn(db: HavenDb, passcode: string, confirm = passcode, kdf: KdfParams = KDF_PARAMS): Promise<string> {
  checkNew(passcode, confirm);
  if (await readLock(db)) throw new LockError('The diary lock is already on.');
  const { record, key, recoveryCode } = await createLock(passcode, kdf);
  // Held first, so the screens never see a moment of sealed rows without the key; and not let go
  // while sealing (the page hidden meanwhile), or the recovery code would never be shown.
  hold(db, record, key);
  const resume = pauseLock();
  try {
    await safeWrite(db, () => db.transaction('rw', db.diary, db.safetyPlan, db.checkIns, db.meta, async () => {
      if (await db.meta.get(LOCK_KEY)) throw new LockError('The diary lock was turned on in another window.');
      await sealAll(db, key);
      await db.meta.put({ key: LOCK_KEY, value: record });
      await db.meta.delete(ATTEMPTS_KEY);
    }));
  } catch (error) {
    forget();
    throw error;
  } finally {
    resume();
  }
  // A new entry's draft was kept in plain Web Storage until now.
  removePlainDraft(db);
  return recoveryCode;
}

/** Unlocks this tab; answers how, so a recovery-code unlock can offer a new passcode. */
export async function unlock(db: HavenDb, secret: string): Promise<OpenedWith> {
  const record = await lockOrThrow(db);
  const { key, via } = await openWith(db, record, secret);
  hold(db, record, key);
  // Rows written plain meanwhile (by an older version in another tab) are sealed now.
  void safeWrite(db, () => db.transaction('rw', db.diary, db.safetyPlan, db.checkIns, db.meta, async () => {
    if ((await readLock(db))?.keyId === record.keyId) await sealAll(db, key);
  })).catch(() => {
    // Only tidying: the rows stay readable and are sealed at the next unlock.
  });
  return via;
}

/** Writes `change` to the record unless the lock changed meanwhile (turned off, or on again). */
async function updateRecord(db: HavenDb, keyId: string, change: (r: LockRecord) => LockRecord): Promise<LockRecord> {
  return safeWrite(db, () => db.transaction('rw', db.meta, async () => {
    const now = await readLock(db);
    if (!now || now.keyId !== keyId) throw new LockError('The diary lock changed in another window. Please try again.');
    const next = change(now);
    await db.meta.put({ key: LOCK_KEY, value: next });
    return next;
  }));
}

/** A new passcode, from the current one or the recovery code: the data key is wrapped anew, nothing else. */
export async function changePasscode(db: HavenDb, current: string, passcode: string, confirm = passcode, kdf: KdfParams = KDF_PARAMS): Promise<void> {
  checkNew(passcode, confirm);
  const record = await lockOrThrow(db);
  const { key } = await openWith(db, record, current, true);
  const { wrap } = await wrapWith(passcode, key, kdf);
  await updateRecord(db, record.keyId, (r) => ({ ...r, passcode: wrap, kind: passcodeKind(passcode)! }));
}

/** A new recovery code (the old one stops working); answers it, to be shown once. */
export async function replaceRecoveryCode(db: HavenDb, current: string, kdf: KdfParams = KDF_PARAMS): Promise<string> {
  const record = await lockOrThrow(db);
  const { key } = await openWith(db, record, current, true);
  const code = newRecoveryCode();
  const { wrap }: { wrap: Wrap } = await wrapWith(code, key, kdf);
  await updateRecord(db, record.keyId, (r) => ({ ...r, recovery: wrap }));
  return code;
}

export async function setIdleTime(db: HavenDb, minutes: number): Promise<void> {
  const record = await lockOrThrow(db);
  await updateRecord(db, record.keyId, (r) => ({ ...r, idleMinutes: minutes }));
  if (keyFor(db, record)) setIdleMinutes(minutes);
}

/** Turns the lock off: every sealed row is opened in place, in one transaction, then the record goes. */
export async function turnOff(db: HavenDb, current: string): Promise<void> {
  const record = await lockOrThrow(db);
  const { key } = await openWith(db, record, current);
  await safeWrite(db, () => db.transaction('rw', db.diary, db.safetyPlan, db.checkIns, db.meta, async () => {
    if ((await readLock(db))?.keyId !== record.keyId) throw new LockError('The diary lock changed in another window. Please try again.');
    await openAll(db, key);
    await db.meta.delete(LOCK_KEY);
    await db.meta.delete(ATTEMPTS_KEY);
  }));
  forget();
}

/** Locks this tab now. */
export const lockNow = forget;
