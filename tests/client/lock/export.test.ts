/**
 * Export and import with the diary lock on: the encrypted file carries no readable word and opens
 * only with its passcode (or recovery code); the plain file needs the passcode first; importing a
 * plain file into a locked diary seals what lands.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readEntries } from '../../../src/client/features/diary/entries';
import { importExport, parseExport, toJson } from '../../../src/client/features/diary/transfer';
import { openLockedExport, parseLockedExport, readAllWithPasscode, toLockedJson } from '../../../src/client/features/lock/export';
import { ATTEMPTS_KEY } from '../../../src/client/features/lock/throttle';
import { forget } from '../../../src/client/features/lock/keyring';
import { turnOn, WRONG_SECRET } from '../../../src/client/features/lock/lock';
import { LockedError } from '../../../src/client/features/lock/rows';
import { addItem, emptyPlan, readPlan } from '../../../src/client/features/safety-plan/plan';
import { readCheckIns } from '../../../src/client/features/wellness/checkins';
import { CHECK_IN, deleteAll, ENTRIES, FAST, freshDb, rawDump, SECRET_WORDS } from './fixtures';

afterEach(async () => {
  forget();
  await deleteAll();
});

async function lockedDiary() {
  const db = freshDb();
  await db.diary.bulkAdd(ENTRIES);
  await db.checkIns.add(CHECK_IN);
  await addItem(db, 'reasonsForLiving', 'My niece Ada');
  const code = await turnOn(db, '246810', '246810', FAST);
  return { db, code };
}

describe('the encrypted export', () => {
  it('is made only after the right passcode, and a wrong one counts as a wrong try', async () => {
    const { db } = await lockedDiary();
    await expect(toLockedJson(db, '111111')).rejects.toThrow();
    expect((await db.meta.get(ATTEMPTS_KEY))?.value).toMatchObject({ failures: 1 });
    expect(await toLockedJson(db, '246810')).toContain('haven-diary-locked');
  });

  it('holds no readable word and imports into another device only with the passcode or recovery code', async () => {
    const { db, code } = await lockedDiary();
    const text = await toLockedJson(db, '246810', new Date('2026-05-05T00:00:00Z'));
    expect(SECRET_WORDS.filter((w) => text.includes(w))).toEqual([]);
    const file = parseLockedExport(text)!;
    expect(file).toMatchObject({ format: 'haven-diary-locked', version: 1, exportedAt: '2026-05-05T00:00:00.000Z' });

    const other = freshDb();
    await expect(openLockedExport(other, file, '000000')).rejects.toThrow(WRONG_SECRET);
    const parsed = await openLockedExport(other, file, '246810');
    expect(await importExport(other, parsed)).toMatchObject({ added: 2, skipped: 0, planAdded: 1, checkInsAdded: 1 });
    // The other device has no lock: the entries arrive as plain ones, exactly.
    expect(await other.diary.orderBy('date').toArray()).toEqual(ENTRIES);
    expect((await readPlan(other)).reasonsForLiving.map((i) => i.text)).toEqual(['My niece Ada']);
    expect((await other.checkIns.toArray())[0]?.note).toBe(CHECK_IN.note);

    const third = freshDb();
    await importExport(third, await openLockedExport(third, file, code));
    expect(await third.diary.count()).toBe(2);
  });

  it('refuses a damaged file with words fit to show, and leaves other files to the plain import', async () => {
    const { db } = await lockedDiary();
    const data = JSON.parse(await toLockedJson(db, '246810')) as { entries: { sealed: { data: string } }[] };
    data.entries[0]!.sealed.data = data.entries[0]!.sealed.data.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const other = freshDb();
    await expect(openLockedExport(other, parseLockedExport(JSON.stringify(data))!, '246810')).rejects.toThrow('could not be decrypted');
    expect(await other.diary.count()).toBe(0);
    expect(parseLockedExport(toJson(ENTRIES, emptyPlan()))).toBeNull();
    expect(parseLockedExport('not json')).toBeNull();
    expect(() => parseLockedExport('{"format":"haven-diary-locked","version":1}')).toThrow('damaged');
  });
});

describe('the plain export of a locked diary', () => {
  it('needs the passcode, even in a locked tab, and then has every word', async () => {
    const { db } = await lockedDiary();
    forget();
    await expect(readAllWithPasscode(db, '111111')).rejects.toThrow(WRONG_SECRET);
    const all = await readAllWithPasscode(db, '246810');
    expect(all.entries.map((e) => e.title).sort()).toEqual(['Lighthouse morning', 'Quiet evening']);
    expect(all.plan.reasonsForLiving.map((i) => i.text)).toEqual(['My niece Ada']);
    expect(all.checkIns[0]).toEqual(CHECK_IN);
    expect(JSON.parse(toJson(all.entries, all.plan, { checkIns: all.checkIns })).entries).toHaveLength(2);
  });
});

describe('importing into a diary with the lock on', () => {
  it('seals what lands while unlocked, and is refused while locked', async () => {
    const { db } = await lockedDiary();
    await db.diary.clear();
    await db.checkIns.clear();
    const file = parseExport(toJson(ENTRIES, { ...emptyPlan(), warningSigns: [{ id: 'x', text: 'Not sleeping for days' }] }, { checkIns: [CHECK_IN] }));
    await importExport(db, file);
    const dump = await rawDump(db.name);
    expect(SECRET_WORDS.filter((w) => dump.includes(w))).toEqual([]);
    expect((await readEntries(db)).map((e) => e.title)).toEqual(['Quiet evening', 'Lighthouse morning']);
    expect((await readPlan(db)).warningSigns.map((i) => i.text)).toEqual(['Not sleeping for days']);
    expect((await readCheckIns(db))[0]?.note).toBe(CHECK_IN.note);
    forget();
    await expect(importExport(db, file)).rejects.toBeInstanceOf(LockedError);
  });
});
