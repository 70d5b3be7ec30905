/** Quiet hours (docs/decisions/notifications.md): a daily span in the person's own time zone. */

export interface QuietHours {
  /** Minutes after midnight; the span may wrap past midnight (22:00 to 07:00). */
  start: number;
  end: number;
  timeZone: string;
}

/** The minute of the day it is now in `timeZone`. */
export function minuteOfDay(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Whether `now` falls in the quiet span: from `start` up to, not including, `end`. */
export function isQuiet(quiet: QuietHours | null, now: Date): boolean {
  if (!quiet) return false;
  const minute = minuteOfDay(quiet.timeZone, now);
  return quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
}
