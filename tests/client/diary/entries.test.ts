// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { HavenDb } from '../../../src/client/db/database';
import { DiaryValidationError, MISSING_FIELDS, deleteEntry, newestFirst, saveEntry } from '../../../src/client/features/diary/entries';
import { freshDb } from './db';

let db: HavenDb;
afterEach(async () => {
  await db?.delete();
});

/** What useDiary() reads: the date index, newest first. */
const listed = () => db.diary.orderBy('date').reverse().toArray();

describe('diary entries', () => {
  it('stores an entry with the timestamp string as id and an ISO date', async () => {
    db = freshDb();
    const at = new Date('2026-03-04T05:06:07.089Z');
    const entry = await saveEntry(db, '  A calm day ', 'Walked by the sea.', at);
    expect(entry).toEqual({ id: String(at.getTime()), title: 'A calm day', content: 'Walked by the sea.', date: '2026-03-04T05:06:07.089Z' });
    expect(await db.diary.get(entry.id)).toEqual(entry);
  });

  it('refuses a blank title or blank content with the spec message, storing nothing', async () => {
    db = freshDb();
    for (const [title, content] of [['', 'text'], ['title', ''], ['   ', 'text'], ['title', ' \n ']] as const) {
      const error = await saveEntry(db, title, content).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiaryValidationError);
      expect((error as Error).message).toBe(MISSING_FIELDS);
    }
    expect(MISSING_FIELDS).toBe('Please fill in both title and content');
    expect(await db.diary.count()).toBe(0);
  });

  it('lists newest first: a new entry goes to the top', async () => {
    db = freshDb();
    await saveEntry(db, 'First', 'one', new Date('2026-01-01T10:00:00Z'));
    await saveEntry(db, 'Second', 'two', new Date('2026-01-02T10:00:00Z'));
    await saveEntry(db, 'Third', 'three', new Date('2026-01-03T10:00:00Z'));
    expect((await listed()).map((e) => e.title)).toEqual(['Third', 'Second', 'First']);
    expect(newestFirst(await db.diary.toArray()).map((e) => e.title)).toEqual(['Third', 'Second', 'First']);
  });

  it('gives two entries saved in the same millisecond different ids, both kept', async () => {
    db = freshDb();
    const at = new Date('2026-02-02T02:02:02.000Z');
    const a = await saveEntry(db, 'A', 'a', at);
    const b = await saveEntry(db, 'B', 'b', at);
    expect(a.id).not.toBe(b.id);
    expect(await db.diary.count()).toBe(2);
    expect((await listed())[0]?.title).toBe('B');
  });

  it('deletes only the chosen entry', async () => {
    db = freshDb();
    const keep = await saveEntry(db, 'Keep', 'k', new Date('2026-01-01T00:00:00Z'));
    const drop = await saveEntry(db, 'Drop', 'd', new Date('2026-01-02T00:00:00Z'));
    await deleteEntry(db, drop.id);
    expect(await listed()).toEqual([keep]);
  });

  it('reopens a database the browser closed and saves anyway', async () => {
    db = freshDb();
    await db.open();
    db.close();
    const entry = await saveEntry(db, 'After close', 'still saved');
    expect(await db.diary.get(entry.id)).toEqual(entry);
  });
});
