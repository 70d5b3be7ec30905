/**
 * What the check-ins say over the last 7, 30 or 90 days: the mood of each day (the average when
 * there were several), the feelings that came up most, and a count of days checked in that never
 * counts a missed day against anyone. Pure, so it is tested without a database or a clock.
 */
import type { CheckIn } from './checkins';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export interface DayPoint {
  day: string;
  /** The day's average mood, or null for a day without a check-in. */
  mood: number | null;
  checkIns: CheckIn[];
}

export interface Trend {
  days: DayPoint[];
  average: number | null;
  daysCheckedIn: number;
  topFeelings: { feeling: string; count: number }[];
  averageSleep: number | null;
}

/** `day` (YYYY-MM-DD) moved by `delta` calendar days; noon keeps daylight saving from skipping a day. */
export function shiftDay(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y!, m! - 1, d! + delta, 12);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

export function trend(checkIns: readonly CheckIn[], today: string, period: Period): Trend {
  const first = shiftDay(today, -(period - 1));
  const inRange = checkIns.filter((c) => c.day >= first && c.day <= today);
  const byDay = new Map<string, CheckIn[]>();
  for (const c of inRange) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  const days: DayPoint[] = [];
  for (let i = 0; i < period; i += 1) {
    const day = shiftDay(first, i);
    const list = (byDay.get(day) ?? []).sort((a, b) => a.at.localeCompare(b.at));
    days.push({ day, mood: mean(list.map((c) => c.mood)), checkIns: list });
  }
  const counts = new Map<string, number>();
  for (const c of inRange) for (const f of c.feelings) counts.set(f, (counts.get(f) ?? 0) + 1);
  const topFeelings = [...counts].map(([feeling, count]) => ({ feeling, count }))
    .sort((a, b) => b.count - a.count || a.feeling.localeCompare(b.feeling)).slice(0, 3);
  const dayMoods = days.flatMap((d) => (d.mood === null ? [] : [d.mood]));
  return {
    days, average: mean(dayMoods), daysCheckedIn: dayMoods.length, topFeelings,
    averageSleep: mean(inRange.flatMap((c) => (c.sleepHours === null ? [] : [c.sleepHours]))),
  };
}

/**
 * Encouragement, never a broken streak: the days checked in are counted, a run of days is named
 * only while it lasts, and a gap is not mentioned.
 */
export function gentleWords(checkIns: readonly CheckIn[], today: string): string {
  const days = new Set(checkIns.map((c) => c.day));
  if (days.size === 0) return 'Check in whenever you like; every check-in counts, whenever it comes.';
  let run = 0;
  // A run still counts today before today's check-in.
  let day = days.has(today) ? today : shiftDay(today, -1);
  while (days.has(day)) {
    run += 1;
    day = shiftDay(day, -1);
  }
  const week = [...days].filter((d) => d > shiftDay(today, -7) && d <= today).length;
  if (run >= 3) return `You have checked in ${run} days in a row. Nice to see you looking after yourself.`;
  if (week > 0) return `You checked in on ${week} of the last 7 days. Every check-in counts.`;
  return 'Welcome back. Every check-in counts, whenever it comes.';
}
