/**
 * The summary a person may share with their professional (shared/wellness-share.ts): the average
 * mood of each of the last 13 weeks and the questionnaire scores, built on the device from what it
 * holds. Never a note, a feeling, an answer or a diary line. Pure, so it is tested without a clock.
 */
import type { CheckIn, ScreeningRow } from '../../db/database';
// The limits come from limits.ts, not wellness-share.ts: that module builds zod schemas when loaded,
// which the device's upkeep never needs (about 70 ms on a slow phone, and zod's 25 KB).
import { SHARED_SCORES, SHARED_WEEKS } from '../../../shared/limits';
import type { WellnessSummary } from '../../../shared/wellness-share';
import { localDay } from './checkins';
import { shiftDay } from './trends';

/** The Monday of `day`'s week (YYYY-MM-DD). */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = (new Date(y!, m! - 1, d!, 12).getDay() + 6) % 7;
  return shiftDay(day, -weekday);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function buildSummary(checkIns: readonly CheckIn[], screenings: readonly ScreeningRow[], today: string): WellnessSummary {
  const first = shiftDay(weekStart(today), -7 * (SHARED_WEEKS - 1));
  const byDay = new Map<string, number[]>();
  for (const c of checkIns) if (c.day >= first && c.day <= today) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c.mood]);
  const weeks: WellnessSummary['weeks'] = [];
  for (let w = 0; w < SHARED_WEEKS; w += 1) {
    const start = shiftDay(first, 7 * w);
    const dayMoods = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => {
      const moods = byDay.get(shiftDay(start, i));
      return moods ? [moods.reduce((a, b) => a + b, 0) / moods.length] : [];
    });
    weeks.push({ weekStart: start, days: dayMoods.length, moodAverage: dayMoods.length ? round2(dayMoods.reduce((a, b) => a + b, 0) / dayMoods.length) : null });
  }
  const scores = [...screenings].sort((a, b) => a.at.localeCompare(b.at)).slice(-SHARED_SCORES)
    .map((s) => ({ kind: s.kind, day: localDay(new Date(s.at)), score: s.score }));
  return { weeks, scores };
}
