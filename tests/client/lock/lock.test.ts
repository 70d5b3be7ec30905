/**
 * The diary lock on a person's database (fake-indexeddb): turning it on seals the diary, the
 * plan's private steps and check-in notes so that no word of them is left in any IndexedDB store;
 * unlocking, wrong tries slowing down, changing the passcode (a re-wrap only), the recovery code,
 * and turning it off (opened in place, exactly as before).
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteEntry, readEntries, restoreEntry, saveEntry } from '../../../src/client/features/diary/entries';
import { addItem, readPlan, readPlanView } from '../../../src/client/features/safety-plan/plan';
import { readCheckIns, saveCheckIn } from '../../../src/client/features/wellness/checkins';
import { forget, keyFor } from '../../../src/client/features/lock/keyring';
import { changePasscode, LockError, replaceRecoveryCode, turnOff, turnOn, unlock, WRONG_SECRET } from '../../../src/client/features/lock/lock';
import { LOCK_KEY, LockedError, readLock } from '../../../src/client/features/lock/rows';
import { ATTEMPTS_KEY, WaitError } from '../../../src/client/features/lock/throttle';
import { previousDiary } from '../../../src/client/safety/previous';
import type { HavenDb } from '../../../src/client/db/database';
import { CHECK_IN, deleteAll, ENTRIES, FAST, freshDb, rawDump, SECRET_WORDS } from './fixtures';
import { draftStorageKey } from '../../../src/client/state/local-keys';

afterEach(async () => {
  forget();
  vi.useRealTimers();
  await deleteAll();
});

async function seeded(): Promise<HavenDb> {
  const db = freshDb();
  await db.diary.bulkAdd(ENTRIES);
  await db.checkIns.add(CHECK_IN);
  await addItem(db, 'warningSigns', 'Not sleeping for two nights');
  await addItem(db, 'reasonsForLiving', 'My niece Ada');
  await addItem(db, 'professionals', 'Dr Lee 0123 456 789');
  return db;
}

const leaks = async (db: HavenDb) => {
  const dump = await rawDump(db.name);
  return SECRET_WORDS.filter((w) => dump.includes(w));
};

describe('turning the lock on', () => {
  it('leaves no diary title or content, private plan line or check-in note in any IndexedDB store', async () => {
    const db = await seeded();
    expect(await leaks(db)).not.toEqual([]);
    const code = await turnOn(db, '246810', '246810', FAST);
    expect(code).toMatch(/^([2-9A-Z]{4}-){5}[2-9A-Z]{4}$/);
    expect(await leaks(db)).toEqual([]);

    // The rows keep their ids and indexed fields; the words are sealed.
    const rows = await db.diary.orderBy('date').toArray();
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([['date', 'id', 'sealed'], ['date', 'id', 'sealed']]);
    expect(rows.map((r) => r.id)).toEqual(ENTRIES.map((e) => e.id));
    expect((await db.checkIns.where('day').equals('2026-01-02').first())?.mood).toBe(2);
    // A crisis line stays readable, locked or not.
    expect(await rawDump(db.name)).toContain('Dr Lee 0123 456 789');

    // While unlocked (this tab holds the key) everything reads as before.
    expect(await readEntries(db)).toEqual([...ENTRIES].reverse());
    expect((await readPlan(db)).reasonsForLiving.map((i) => i.text)).toEqual(['My niece Ada']);
    expect((await readCheckIns(db))[0]?.note).toBe('Thunderstorm kept me up');
  });

  it('seals what is written while unlocked: a new entry, an undone delete, a plan line, a check-in note', async () => {
    const db = freshDb();
    await turnOn(db, 'a calm passphrase', 'a calm passphrase', FAST);
    const entry = await saveEntry(db, 'Lighthouse morning', 'Walked to the lighthouse with Ada.');
    await deleteEntry(db, entry.id);
    await restoreEntry(db, entry);
    await addItem(db, 'copingStrategies', 'Marmalade toast');
    await saveCheckIn(db, { mood: 3, note: 'Thunderstorm again' });
    expect(await leaks(db)).toEqual([]);
    expect(await readEntries(db)).toEqual([entry]);
    expect(await previousDiary(db, 'none')).toEqual(['Lighthouse morning\nWalked to the lighthouse with Ada.']);
  });

  it('refuses a weak or mistyped passcode, and a second lock', async () => {
    const db = freshDb();
    await expect(turnOn(db, '12345', '12345', FAST)).rejects.toThrow('at least 6 digits');
    await expect(turnOn(db, '123456', '123465', FAST)).rejects.toThrow('not the same');
    await turnOn(db, '123456', '123456', FAST);
    await expect(turnOn(db, '654321', '654321', FAST)).rejects.toThrow('already on');
  });
});

describe('while locked', () => {
  it('shows nothing sealed, refuses sealed writes, and keeps the rest of Haven working', async () => {
    const db = await seeded();
    await turnOn(db, '246810', '246810', FAST);
    forget();
    expect(await readEntries(db)).toEqual([]);
    const view = await readPlanView(db);
    expect([...view.locked].sort()).toEqual(['reasonsForLiving', 'warningSigns']);
    expect(view.plan.professionals.map((i) => i.text)).toEqual(['Dr Lee 0123 456 789']);
    expect((await readCheckIns(db))[0]).toMatchObject({ mood: 2, note: '', noteLocked: true });
    await expect(saveEntry(db, 'T', 'C')).rejects.toBeInstanceOf(LockedError);
    await expect(addItem(db, 'warningSigns', 'x')).rejects.toBeInstanceOf(LockedError);
    await expect(saveCheckIn(db, { mood: 4, note: 'words' })).rejects.toBeInstanceOf(LockedError);
    // What is kept in clear still works: a mood without a note, a crisis line.
    await saveCheckIn(db, { mood: 4 });
    await addItem(db, 'professionals', 'Samaritans 116 123');
    expect(await db.checkIns.count()).toBe(2);
  });
});

describe('unlocking', () => {
  it('refuses the wrong passcode and opens with the right one or the recovery code', async () => {
    const db = await seeded();
    const code = await turnOn(db, '246810', '246810', FAST);
    forget();
    await expect(unlock(db, '246811')).rejects.toThrow(WRONG_SECRET);
    expect(await readEntries(db)).toEqual([]);
    expect(await unlock(db, '246810')).toBe('passcode');
    expect(await readEntries(db)).toHaveLength(2);
    forget();
    expect(await unlock(db, code.toLowerCase().replaceAll('-', ' '))).toBe('recovery');
    expect(await readEntries(db)).toHaveLength(2);
  });

  it('slows down after wrong tries, and a reload (a new connection) does not reset the wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const db = freshDb();
    await turnOn(db, '246810', '246810', FAST);
    forget();
    for (let i = 0; i < 3; i++) await expect(unlock(db, '000000')).rejects.toBeInstanceOf(LockError);
    // The third wrong try starts a wait: even the right passcode is not tried until it ends.
    await expect(unlock(db, '246810')).rejects.toBeInstanceOf(WaitError);
    expect((await db.meta.get(ATTEMPTS_KEY))?.value).toMatchObject({ failures: 3 });
    db.close();
    await db.open();
    await expect(unlock(db, '246810')).rejects.toThrow(/wait 2 seconds/);
    vi.setSystemTime(new Date('2026-03-01T12:00:02.100Z'));
    await expect(unlock(db, '000000')).rejects.toBeInstanceOf(LockError);
    // Each further wrong try doubles the wait.
    await expect(unlock(db, '246810')).rejects.toThrow(/wait 4 seconds/);
    vi.setSystemTime(new Date('2026-03-01T12:00:07Z'));
    expect(await unlock(db, '246810')).toBe('passcode');
    expect(await db.meta.get(ATTEMPTS_KEY)).toBeUndefined();
  });
});

describe('changing the passcode', () => {
  it('re-wraps the key only: every sealed row stays byte for byte, the old passcode stops working', async () => {
    const db = await seeded();
    const code = await turnOn(db, '246810', '246810', FAST);
    const before = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
    const lockBefore = (await readLock(db))!;
    await expect(changePasscode(db, '000000', 'a new passphrase', 'a new passphrase', FAST)).rejects.toThrow(WRONG_SECRET);
    await changePasscode(db, '246810', 'a new passphrase', 'a new passphrase', FAST);
    expect(await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()])).toEqual(before);
    const lockAfter = (await readLock(db))!;
    expect(lockAfter.keyId).toBe(lockBefore.keyId);
    expect(lockAfter.recovery).toEqual(lockBefore.recovery);
    expect(lockAfter.passcode.wrapped).not.toBe(lockBefore.passcode.wrapped);
    expect(lockAfter.kind).toBe('phrase');
    // Still unlocked in this tab; after a lock, only the new passcode (or the recovery code) opens it.
    expect(keyFor(db, lockAfter)).not.toBeNull();
    forget();
    await expect(unlock(db, '246810')).rejects.toThrow(WRONG_SECRET);
    expect(await unlock(db, 'a new passphrase')).toBe('passcode');
    forget();
    expect(await unlock(db, code)).toBe('recovery');
  });

  it('can be done with the recovery code when the passcode is forgotten; a new recovery code replaces the old', async () => {
    const db = await seeded();
    const code = await turnOn(db, '246810', '246810', FAST);
    forget();
    await changePasscode(db, code, '97531086', '97531086', FAST);
    expect(await unlock(db, '97531086')).toBe('passcode');
    const fresh = await replaceRecoveryCode(db, '97531086', FAST);
    expect(fresh).not.toBe(code);
    forget();
    await expect(unlock(db, code)).rejects.toThrow(WRONG_SECRET);
    expect(await unlock(db, fresh)).toBe('recovery');
    expect(await readEntries(db)).toHaveLength(2);
  });
});

describe('turning the lock off', () => {
  it('needs the passcode, then decrypts everything in place, exactly as it was', async () => {
    const db = await seeded();
    const plainBefore = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
    await turnOn(db, '246810', '246810', FAST);
    forget();
    await expect(turnOff(db, '135790')).rejects.toThrow(WRONG_SECRET);
    expect(await readLock(db)).not.toBeNull();
    await turnOff(db, '246810');
    expect(await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()])).toEqual(plainBefore);
    expect(await db.meta.get(LOCK_KEY)).toBeUndefined();
    expect(await db.meta.get(ATTEMPTS_KEY)).toBeUndefined();
    // Off means plain again: new writes are not sealed and nothing asks for a passcode.
    await saveEntry(db, 'After', 'Plain again');
    expect(await rawDump(db.name)).toContain('Plain again');
  });

  it('changes nothing when a row will not open (a damaged row): the lock stays on', async () => {
    const db = await seeded();
    await turnOn(db, '246810', '246810', FAST);
    const row = (await db.diary.get(ENTRIES[0]!.id)) as unknown as { sealed: { iv: string; data: string } };
    await db.diary.put({ ...row, sealed: { ...row.sealed, data: row.sealed.data.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) } } as never);
    const before = await Promise.all([db.diary.toArray(), db.checkIns.toArray()]);
    await expect(turnOff(db, '246810')).rejects.toThrow('could not be decrypted');
    expect(await Promise.all([db.diary.toArray(), db.checkIns.toArray()])).toEqual(before);
    expect(await readLock(db)).not.toBeNull();
  });
});

describe('a draft of a new entry', () => {
  it('does not stay in plain Web Storage once the lock is on', async () => {
    const db = freshDb();
    const key = draftStorageKey(db.userId, 'diary:new');
    localStorage.setItem(key, JSON.stringify({ title: 'half a thought', content: 'words in progress' }));
    await turnOn(db, '246810', '246810', FAST);
    expect(localStorage.getItem(key)).toBeNull();
    forget();
  });
});
