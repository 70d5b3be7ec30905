/** Pure helpers of the chat screens (unit-tested in tests/client/chat). */
import { isProfessional, type Role, type Status } from '../../../shared/limits';
import { ROLE_LABEL } from '../../ui/labels';

/** Spec section 9: message times are shown as 24-hour HH:MM, in the reader's local time. */
export function formatTime(iso: string, at: Date = new Date(iso)): string {
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** When a message was written, the time it shows: earlier than when it was stored if it waited offline. */
export const shownAt = (m: { createdAt: string; writtenAt?: string | null }): string => m.writtenAt ?? m.createdAt;

/** Case- and accent-insensitive match on the name; a blank query keeps everyone. */
export function filterByName<T extends { fullName?: string; name?: string }>(items: readonly T[], query: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
  const q = fold(query.trim());
  if (!q) return [...items];
  return items.filter((item) => fold(item.fullName ?? item.name ?? '').includes(q));
}


/** How admins are shown to everyone else (docs/community-safety.md): a team, never a crisis service. */
export const STAFF_LABEL = 'Haven team';

/** A group member's badge: verified professionals by role, admins as Haven's team; peers none. */
export const memberBadge = (role: Role | null): string | null => (role === null || role === 'user' ? null : role === 'admin' ? STAFF_LABEL : ROLE_LABEL[role]);

/**
 * Spec section 2: sidebars label every role but a regular user; a professional only once verified
 * (the server already answers others' unverified professionals as users; this also covers a copy
 * stored on the device before they were rejected).
 */
export function roleLabel(person: { role: Role; status: Status }): string | null {
  if (person.role === 'user') return null;
  if (person.role === 'admin') return STAFF_LABEL;
  if (isProfessional(person.role) && person.status !== 'verified') return null;
  return ROLE_LABEL[person.role];
}

const DAY_MS = 86_400_000;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Calendar days from `at` back to `now`, in local time: 0 today, 1 yesterday (rounded: DST days are 23 or 25 hours). */
export function daysAgo(at: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
}

/** A date within the week by its weekday, older ones by day and month (and year, when not this one). */
function calendarLabel(at: Date, now: Date, month: 'long' | 'short', locale?: string): string {
  const days = daysAgo(at, now);
  if (days < 7) return at.toLocaleDateString(locale, { weekday: 'long' });
  return at.toLocaleDateString(locale, { day: 'numeric', month, ...(at.getFullYear() !== now.getFullYear() && { year: 'numeric' }) });
}

/** A conversation's date separator: Today, Yesterday, a weekday within the week, else the date. */
export function dayLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  // A clock a little ahead of ours still says today.
  const days = daysAgo(at, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return calendarLabel(at, now, 'long', locale);
}

/** A list row's time of its newest message: HH:MM today, then as dayLabel but shorter. */
export function listTime(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const days = daysAgo(at, now);
  if (days <= 0) return formatTime(iso, at);
  if (days === 1) return 'Yesterday';
  return calendarLabel(at, now, 'short', locale);
}

/**
 * The messages that open a new day, each with its separator's label (the first message always does),
 * by the time each shows (shownAt), so a separator never disagrees with the times under it.
 */
export function daySeparators(
  oldestFirst: readonly { key: string; createdAt: string; writtenAt?: string | null }[], now: Date = new Date(), locale?: string,
): Map<string, string> {
  const out = new Map<string, string>();
  let previous: number | null = null;
  for (const m of oldestFirst) {
    const shown = shownAt(m);
    const at = new Date(shown);
    if (Number.isNaN(at.getTime())) continue;
    const day = startOfDay(at);
    if (day !== previous) out.set(m.key, dayLabel(shown, now, locale));
    previous = day;
  }
  return out;
}

/** One line for a list row: who wrote it (You, or the sender in a group), then the text, or "Photo" for an image alone. */
export function previewOf(m: { text: string; image: string | null; senderId: string; sender: { fullName: string } | null }, me: string, showSender: boolean): string {
  const text = m.text.replace(/\s+/g, ' ').trim();
  const body = text || (m.image ? 'Photo' : '');
  if (m.senderId === me) return `You: ${body}`;
  if (showSender) return `${(m.sender?.fullName ?? 'Someone').split(' ')[0]}: ${body}`;
  return body;
}

/** A badge's number: exact up to 99. */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * Conversations with messages first, the latest activity on top; the rest keep the order they
 * came in (by name). `lastOf` answers a conversation's newest message, if any.
 */
export function byActivity<T>(items: readonly T[], lastOf: (item: T) => { createdAt: string; sortKey: number } | undefined): T[] {
  const time = (item: T) => {
    const last = lastOf(item);
    return last ? Date.parse(last.createdAt) || 0 : null;
  };
  const ranked = items.map((item, index) => ({ item, index, at: time(item), key: lastOf(item)?.sortKey ?? 0 }));
  ranked.sort((a, b) => {
    if (a.at === null || b.at === null) return a.at === b.at ? a.index - b.index : a.at === null ? 1 : -1;
    return b.at - a.at || b.key - a.key || a.index - b.index;
  });
  return ranked.map((r) => r.item);
}
