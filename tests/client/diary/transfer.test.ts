// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiaryEntry, HavenDb } from '../../../src/client/db/database';
import { ImportError, importEntries, importExport, importSummary, parseExport, toJson, toMarkdown } from '../../../src/client/features/diary/transfer';
import { emptyPlan } from '../../../src/client/features/safety-plan/plan';
import { freshDb } from './db';

const dbs: HavenDb[] = [];
const db = () => {
  const d = freshDb();
  dbs.push(d);
  return d;
};
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

const entries: DiaryEntry[] = [
  { id: '1767261600000', title: 'Older', content: 'Line one\nLine two', date: '2026-01-01T10:00:00.000Z' },
  { id: '1767348000000', title: '# Newer', content: 'A "quoted" thought, and ünïcode ✓', date: '2026-01-02T10:00:00.000Z' },
];

describe('diary export and import', () => {
  it('JSON export round-trips into another database exactly', async () => {
    const from = db();
    await from.diary.bulkAdd(entries);
    const json = toJson(await from.diary.toArray(), emptyPlan(), { now: new Date('2026-05-05T00:00:00Z') });
    const data = JSON.parse(json) as { format: string; version: number; exportedAt: string; entries: DiaryEntry[] };
    expect(data.format).toBe('haven-diary');
    expect(data.version).toBe(3);
    expect(data.exportedAt).toBe('2026-05-05T00:00:00.000Z');
    expect(data.entries.map((e) => e.title)).toEqual(['# Newer', 'Older']);

    const to = db();
    expect(await importExport(to, parseExport(json))).toEqual({ added: 2, skipped: 0, planAdded: 0 });
    expect(await to.diary.orderBy('date').toArray()).toEqual(entries);
  });

  it('Markdown export has a heading, the date and the content of each entry, newest first', () => {
    const md = toMarkdown(entries);
    expect(md).toBe([
      '# My Diary', '',
      '## # Newer', '', '*2026-01-02T10:00:00.000Z*', '', 'A "quoted" thought, and ünïcode ✓', '',
      '## Older', '', '*2026-01-01T10:00:00.000Z*', '', 'Line one\nLine two', '',
    ].join('\n'));
    expect(toMarkdown([])).toContain('No entries yet.');
  });

  it('skips entries already here (same id) and duplicates inside the file', async () => {
    const to = db();
    const first = entries[0] as DiaryEntry;
    const changed = { ...first, title: 'Changed elsewhere' };
    await to.diary.add(first);
    const json = JSON.stringify({ format: 'haven-diary', version: 1, exportedAt: '', entries: [changed, ...entries, entries[1]] });
    const result = await importEntries(to, parseExport(json).entries);
    expect(result).toEqual({ added: 1, skipped: 3 });
    expect(importSummary(result)).toBe('1 entry imported, 3 already here');
    // The entry already here is kept as it was.
    expect((await to.diary.get(first.id))?.title).toBe('Older');
    expect(await to.diary.count()).toBe(2);
    // Importing the same file again adds nothing.
    expect(await importEntries(to, parseExport(json).entries)).toEqual({ added: 0, skipped: 4 });
  });

  it.each([
    ['not JSON', 'hello there', 'not valid JSON'],
    ['another app\'s JSON', '{"entries": []}', 'not a Haven diary export'],
    ['a JSON array', '[1, 2]', 'not a Haven diary export'],
    ['a newer version', '{"format":"haven-diary","version":4,"entries":[]}', 'newer version'],
    ['a damaged safety plan', '{"format":"haven-diary","version":2,"entries":[],"safetyPlan":{"warningSigns":["ok", "  "]}}', 'safety plan in this file is damaged'],
    ['an unknown plan section', '{"format":"haven-diary","version":2,"entries":[],"safetyPlan":{"nope":["x"]}}', 'safety plan in this file is damaged'],
    ['a damaged entry', JSON.stringify({ format: 'haven-diary', version: 1, entries: [entries[0], { id: 'x', title: '', content: 'c', date: 'never' }] }), 'Entry 2'],
  ])('refuses %s with a clear message and stores nothing', async (_name, text, message) => {
    const to = db();
    let error: unknown;
    try {
      await importExport(to, parseExport(text));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toContain(message);
    expect(await to.diary.count()).toBe(0);
    expect(await to.safetyPlan.count()).toBe(0);
  });
});
