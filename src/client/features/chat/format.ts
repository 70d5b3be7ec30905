/** Pure helpers of the chat screens (unit-tested in tests/client/chat). */
import { isProfessional, type Role, type Status } from '../../../shared/limits';
import type { SendStatus } from '../../db/database';
import { ROLE_LABEL } from '../../ui/labels';

/** Spec section 9: message times are shown as 24-hour HH:MM, in the reader's local time. */
export function formatTime(iso: string, at: Date = new Date(iso)): string {
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Case- and accent-insensitive match on the name; a blank query keeps everyone. */
export function filterByName<T extends { fullName?: string; name?: string }>(items: readonly T[], query: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
  const q = fold(query.trim());
  if (!q) return [...items];
  return items.filter((item) => fold(item.fullName ?? item.name ?? '').includes(q));
}

export type StatusMark = 'clock' | 'tick' | 'failed';

/** What an own message shows: still on its way (clock), stored by the server (tick) or failed. */
export function statusMark(status: SendStatus): StatusMark {
  if (status === 'sent') return 'tick';
  if (status === 'failed') return 'failed';
  return 'clock';
}

export const STATUS_TEXT: Record<StatusMark, string> = { clock: 'Sending', tick: 'Sent', failed: 'Not sent' };

/**
 * Spec section 2: sidebars label every role but a regular user; a professional only once verified
 * (the server already answers others' unverified professionals as users; this also covers a copy
 * stored on the device before they were rejected).
 */
export function roleLabel(person: { role: Role; status: Status }): string | null {
  if (person.role === 'user') return null;
  if (isProfessional(person.role) && person.status !== 'verified') return null;
  return ROLE_LABEL[person.role];
}
