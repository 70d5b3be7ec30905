/**
 * Mood check-ins on the device (fake-indexeddb): what is kept, what is refused with words fit to
 * show, the trends of 7, 30 and 90 days, the gentle words, and the round trip through the diary's
 * export file.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckIn, HavenDb } from '../../../src/client/db/database';
import { CheckInError, localDay, saveCheckIn, validCheckIn, type Mood } from '../../../src/client/features/wellness/checkins';
import { gentleWords, shiftDay, trend } from '../../../src/client/features/wellness/trends';
import { emptyPlan } from '../../../src/client/features/safety-plan/plan';
import { ImportError, importExport, importSummary, parseExport, toJson, toMarkdown } from '../../../src/client/features/diary/transfer';
import { freshDb } from '../sync/fixtures';

let db: HavenDb;
beforeEach(() => {
  db = freshDb();
});

const at = (day: string, hour = 9) => { const [y, m, d] = day.split('-').map(Number); return new Date(y!, m! - 1, d!, hour); };
const checkIn = (day: string, mood: Mood, over: Partial<CheckIn> = {}): CheckIn => ({
  id: `${day}-${mood}-${over.at ?? ''}`, at: at(day).toISOString(), day, mood, feelings: [], sleepHours: null, note: '', ...over,
});

describe('a check-in', () => {
  it('is kept on the device with the person’s own calendar day, its feelings, sleep and note', async () => {
    const when = new Date(2026, 10, 27, 23, 30);
    const saved = await saveCheckIn(db, { mood: 2, feelings: ['Tired', 'Anxious', 'Tired'], sleepHours: 6.5, note: '  long day  ' }, when);
    expect(saved).toMatchObject({ day: '2026-11-27', mood: 2, feelings: ['Tired', 'Anxious'], sleepHours: 6.5, note: 'long day' });
    expect(await db.checkIns.get(saved.id)).toEqual(saved);
    expect(localDay(when)).toBe('2026-11-27');
  });

  it('is refused, with words that say why, for a mood, feeling, sleep or note it cannot keep', async () => {
    expect(() => validCheckIn({ mood: 0 as Mood })).toThrow(CheckInError);
    expect(() => validCheckIn({ mood: 6 as Mood })).toThrow('Choose how you are feeling');
    expect(() => validCheckIn({ mood: 3, feelings: ['Elated'] })).toThrow('Choose feelings from the list.');
    expect(() => validCheckIn({ mood: 3, sleepHours: 25 })).toThrow('Sleep is a number of hours');
    expect(() => validCheckIn({ mood: 3, sleepHours: 7.3 })).toThrow('in half hours');
    expect(() => validCheckIn({ mood: 3, note: 'x'.repeat(281) })).toThrow('at most 280 characters');
    await expect(saveCheckIn(db, { mood: 9 as Mood })).rejects.toThrow(CheckInError);
    expect(await db.checkIns.count()).toBe(0);
  });
});

describe('trends', () => {
  const today = '2026-11-27';

  it('averages each day, leaves a day without a check-in empty, and counts feelings and sleep in the period only', () => {
    const data = [
      checkIn('2026-11-27', 2, { id: 'a', feelings: ['Anxious', 'Tired'], sleepHours: 5 }),
      checkIn('2026-11-27', 4, { id: 'b', at: at('2026-11-27', 20).toISOString(), feelings: ['Anxious'] }),
      checkIn('2026-11-25', 5, { id: 'c', feelings: ['Calm'], sleepHours: 8 }),
      checkIn('2026-11-01', 1, { id: 'd', feelings: ['Sad', 'Sad'] }),
    ];
    const week = trend(data, today, 7);
    expect(week.days.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(week.days.map((d) => d.mood)).toEqual([null, null, null, null, 5, null, 3]);
    expect(week.average).toBe(4);
    expect(week.daysCheckedIn).toBe(2);
    expect(week.topFeelings).toEqual([{ feeling: 'Anxious', count: 2 }, { feeling: 'Calm', count: 1 }, { feeling: 'Tired', count: 1 }]);
    expect(week.averageSleep).toBe(6.5);
    const month = trend(data, today, 30);
    expect(month.days).toHaveLength(30);
    expect(month.daysCheckedIn).toBe(3);
    expect(month.average).toBeCloseTo((5 + 3 + 1) / 3);
    expect(trend(data, today, 90).days[0]!.day).toBe('2026-08-30');
  });

  it('moves by calendar days across a month and a daylight-saving change', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-03-28', 2)).toBe('2026-03-30');
    expect(shiftDay('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('speaks of days checked in and of a run while it lasts, never of a missed day', () => {
    const words = (days: string[]) => gentleWords(days.map((d) => checkIn(d, 3)), today);
    expect(words([])).toContain('every check-in counts');
    expect(words(['2026-11-25', '2026-11-26', '2026-11-27'])).toBe('You have checked in 3 days in a row. Nice to see you looking after yourself.');
    // Yesterday's run still stands before today's check-in.
    expect(words(['2026-11-24', '2026-11-25', '2026-11-26'])).toContain('3 days in a row');
    expect(words(['2026-11-21', '2026-11-24'])).toBe('You checked in on 2 of the last 7 days. Every check-in counts.');
    expect(words(['2026-10-01'])).toBe('Welcome back. Every check-in counts, whenever it comes.');
    for (const text of [words(['2026-11-21']), words(['2026-10-01']), words([])]) expect(text).not.toMatch(/miss|broke|lost|streak/i);
  });
});

describe('in the diary’s export', () => {
  it('travels in the JSON file and is imported once, beside entries and the plan', async () => {
    await saveCheckIn(db, { mood: 4, feelings: ['Hopeful'], note: 'walked by the sea' }, new Date(2026, 10, 26, 8));
    await saveCheckIn(db, { mood: 2 }, new Date(2026, 10, 27, 8));
    const json = toJson([], emptyPlan(), { checkIns: await db.checkIns.toArray() });
    expect(JSON.parse(json).version).toBe(3);
    const other = freshDb();
    const result = await importExport(other, parseExport(json));
    expect(importSummary(result)).toBe('0 entries imported, safety plan: nothing new, check-ins: 2 added');
    expect((await other.checkIns.orderBy('day').toArray()).map((c) => [c.day, c.mood, c.note])).toEqual([['2026-11-26', 4, 'walked by the sea'], ['2026-11-27', 2, '']]);
    expect(importSummary(await importExport(other, parseExport(json)))).toContain('check-ins: nothing new');
    expect(await other.checkIns.count()).toBe(2);
  });

  it('refuses a file whose check-ins are damaged, importing nothing', async () => {
    const file = (checkIns: unknown) => JSON.stringify({ format: 'haven-diary', version: 3, entries: [{ id: '1', title: 't', content: 'c', date: '2026-11-01T00:00:00Z' }], checkIns });
    for (const bad of [[{ id: 'x', at: 'never', day: '2026-11-01', mood: 3, feelings: [], sleepHours: null, note: '' }], [checkIn('2026-11-01', 7 as Mood)], 'no']) {
      expect(() => parseExport(file(bad))).toThrow(ImportError);
    }
    expect(() => parseExport(file([checkIn('2026-11-01', 3)]))).not.toThrow();
  });

  it('reads as a list in the Markdown file', () => {
    const md = toMarkdown([], undefined, [checkIn('2026-11-27', 5, { feelings: ['Calm'], sleepHours: 7.5, note: 'good\nday' })]);
    expect(md).toContain('## My check-ins');
    expect(md).toContain('- 2026-11-27: Very good (Calm; slept 7.5 h; good day)');
  });
});
