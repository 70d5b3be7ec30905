/**
 * The summary shared with a professional (docs/decisions/wellness.md): weeks from Monday, each
 * week's mood the average of its days, scores by day, and nothing else a check-in or a
 * questionnaire holds; the shared schema accepts what is built.
 */
import { describe, expect, it } from 'vitest';
import type { CheckIn, ScreeningRow } from '../../../src/client/db/database';
import { buildSummary, weekStart } from '../../../src/client/features/wellness/share';
import { wellnessSummarySchema } from '../../../src/shared/wellness-share';

const checkIn = (day: string, mood: CheckIn['mood'], note = 'a private note'): CheckIn => ({
  id: `${day}-${mood}`, at: `${day}T09:00:00.000Z`, day, mood, feelings: ['Lonely'], sleepHours: 4, note,
});
const screening = (at: string, score: number): ScreeningRow => ({ id: at, kind: 'phq9', at, answers: [3, 3, 3, 3, 2, 0, 0, 0, 1], score });

describe('the shared summary', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-27')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
  });

  it('averages days, then weeks; keeps 13 weeks ending this one; leaves out notes, feelings, sleep and answers', () => {
    const s = buildSummary([
      checkIn('2026-11-27', 1), checkIn('2026-11-27', 3), checkIn('2026-11-24', 5),
      checkIn('2026-11-18', 2), checkIn('2026-01-05', 5),
    ], [screening('2026-11-20T10:00:00.000Z', 14), screening('2026-10-01T10:00:00.000Z', 9)], '2026-11-27');
    expect(s.weeks).toHaveLength(13);
    expect(s.weeks[0]!.weekStart).toBe('2026-08-31');
    expect(s.weeks.at(-1)).toEqual({ weekStart: '2026-11-23', days: 2, moodAverage: 3.5 });
    expect(s.weeks.at(-2)).toEqual({ weekStart: '2026-11-16', days: 1, moodAverage: 2 });
    expect(s.weeks.filter((w) => w.days > 0)).toHaveLength(2);
    expect(s.scores).toEqual([{ kind: 'phq9', day: '2026-10-01', score: 9 }, { kind: 'phq9', day: '2026-11-20', score: 14 }]);
    const text = JSON.stringify(s);
    for (const secret of ['private note', 'Lonely', 'sleep', 'answers']) expect(text).not.toContain(secret);
    expect(wellnessSummarySchema.parse(s)).toEqual(s);
  });

  it('is accepted by the shared schema with nothing at all, and with the most it may hold', () => {
    expect(wellnessSummarySchema.parse(buildSummary([], [], '2026-11-27')).weeks.every((w) => w.moodAverage === null)).toBe(true);
    const many = Array.from({ length: 80 }, (_, i) => screening(new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), i % 28));
    const s = buildSummary([], many, '2026-11-27');
    expect(s.scores).toHaveLength(60);
    expect(s.scores.at(-1)!.day).toBe('2026-03-21');
    expect(() => wellnessSummarySchema.parse(s)).not.toThrow();
  });
});
