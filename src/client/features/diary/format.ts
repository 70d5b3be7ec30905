/**
 * How diary dates read: the day in the person's own order (27 Nov 2026, Nov 27, 2026, 27.11.2026 …)
 * and the time as 24-hour HH:MM, like every time in the app (spec section 9; the chat's formatTime).
 */
import { formatTime } from '../chat/format';

const valid = (iso: string): Date | null => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** The list's line: the day, then the time. */
export function entryDay(iso: string, locale?: string): string {
  const at = valid(iso);
  if (!at) return '';
  return `${at.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })} · ${formatTime(iso, at)}`;
}

/** The open entry: weekday, day and time in one phrase of the person's language, never with AM/PM. */
export function entryDateTime(iso: string, locale?: string): string {
  const at = valid(iso);
  if (!at) return '';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).format(at);
}
