/**
 * What the chat list says under each title: when the chat was last used, in the app's words
 * (HH:MM today, Yesterday, a weekday, a date: the chat list's own listTime). Titles come from a
 * chat's opening words, so two chats can share one: those also say when each was started, to the
 * minute, so they can be told apart at a glance.
 */
import type { LocalAiChat } from '../../db/database';
import { dayLabel, formatTime, listTime } from '../chat/format';
import { chatTitle } from './title';

export interface ChatLabel {
  when: string;
  /** Only for a title another chat has too. */
  started: string | null;
}

const titleKey = (chat: Pick<LocalAiChat, 'title'>) => chatTitle(chat).toLocaleLowerCase();

/** Chat ids whose shown title another chat in the list shares. */
export function collidingIds(chats: readonly Pick<LocalAiChat, '_id' | 'title'>[]): Set<string> {
  const count = new Map<string, number>();
  for (const c of chats) count.set(titleKey(c), (count.get(titleKey(c)) ?? 0) + 1);
  return new Set(chats.filter((c) => (count.get(titleKey(c)) ?? 0) > 1).map((c) => c._id));
}

export function chatLabels(chats: readonly LocalAiChat[], now: Date = new Date(), locale?: string): Map<string, ChatLabel> {
  const colliding = collidingIds(chats);
  return new Map(chats.map((c) => [c._id, {
    when: listTime(c.updatedAt, now, locale),
    started: colliding.has(c._id) ? `Started ${dayLabel(c.createdAt, now, locale)}, ${formatTime(c.createdAt)}` : null,
  }]));
}

/** One line of a question, for a chat whose title is shared: the newest thing the person asked there. */
export function snippetOf(text: string, title: string, max = 60): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line || line.toLocaleLowerCase() === title.toLocaleLowerCase()) return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
