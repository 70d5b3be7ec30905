/** The pure parts of unread counts, previews, ordering and the message list's dividers. */
import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../../src/client/db/database';
import { badgeCount, byActivity, dayLabel, daySeparators, listTime, previewOf } from '../../../src/client/features/chat/format';
import { countUnread, firstUnreadKey } from '../../../src/client/sync/unread';

const ME = 'me';
// Local times: the labels are about the reader's own calendar.
const NOW = new Date(2026, 10, 23, 14, 30); // Monday 23 November 2026, 14:30
const at = (y: number, mo: number, d: number, h = 9, mi = 5) => new Date(y, mo, d, h, mi).toISOString();

let n = 0;
const msg = (over: Partial<LocalMessage> = {}): LocalMessage => {
  n += 1;
  return {
    key: `k${n}`, kind: 'direct', conversation: 'dm:them', _id: `id${n}`, seq: n, senderId: 'them', receiverId: ME, groupId: null,
    sender: null, text: `text ${n}`, image: null, clientId: `c${n}`, createdAt: NOW.toISOString(), status: 'sent', error: null, sortKey: n, ...over,
  };
};

describe('date labels', () => {
  it('separators say Today, Yesterday, the weekday within a week, then the date (with the year only when another)', () => {
    expect(dayLabel(at(2026, 10, 23, 0, 1), NOW, 'en-GB')).toBe('Today');
    expect(dayLabel(at(2026, 10, 22, 23, 59), NOW, 'en-GB')).toBe('Yesterday');
    expect(dayLabel(at(2026, 10, 20), NOW, 'en-GB')).toBe('Friday');
    expect(dayLabel(at(2026, 10, 17), NOW, 'en-GB')).toBe('Tuesday');
    expect(dayLabel(at(2026, 10, 16), NOW, 'en-GB')).toBe('16 November');
    expect(dayLabel(at(2025, 11, 31), NOW, 'en-GB')).toBe('31 December 2025');
    // A sender's clock a little ahead still reads as today; nonsense reads as nothing.
    expect(dayLabel(at(2026, 10, 24, 0, 2), NOW, 'en-GB')).toBe('Today');
    expect(dayLabel('not a date', NOW)).toBe('');
  });

  it('a list row gives 24-hour HH:MM today, then Yesterday, a weekday, a short date', () => {
    expect(listTime(at(2026, 10, 23, 8, 4), NOW, 'en-GB')).toBe('08:04');
    expect(listTime(at(2026, 10, 23, 0, 0), NOW, 'en-GB')).toBe('00:00');
    expect(listTime(at(2026, 10, 22, 21, 0), NOW, 'en-GB')).toBe('Yesterday');
    expect(listTime(at(2026, 10, 19), NOW, 'en-GB')).toBe('Thursday');
    expect(listTime(at(2026, 9, 2), NOW, 'en-GB')).toBe('2 Oct');
    expect(listTime(at(2024, 1, 29), NOW, 'en-GB')).toBe('29 Feb 2024');
  });

  it('a separator opens the window and each new day, never between two messages of one day', () => {
    const list = [
      msg({ createdAt: at(2026, 10, 20, 9) }), msg({ createdAt: at(2026, 10, 20, 23, 59) }),
      msg({ createdAt: at(2026, 10, 22, 7) }), msg({ createdAt: at(2026, 10, 23, 0, 0) }), msg({ createdAt: at(2026, 10, 23, 13) }),
    ];
    const days = daySeparators(list, NOW, 'en-GB');
    expect([...days.entries()]).toEqual([[list[0]!.key, 'Friday'], [list[2]!.key, 'Yesterday'], [list[3]!.key, 'Today']]);
  });
});

describe('unread', () => {
  it('counts others\' messages after the read position, and none from before one\'s own reply', () => {
    const [a, b, c] = [msg(), msg(), msg()];
    const newestFirst = [c, b, a];
    expect(countUnread(newestFirst, ME, 0)).toBe(3);
    expect(countUnread(newestFirst, ME, a.seq!)).toBe(2);
    expect(countUnread(newestFirst, ME, c.seq!)).toBe(0);
    const reply = msg({ senderId: ME });
    const after = msg();
    expect(countUnread([after, reply, c, b, a], ME, 0)).toBe(1);
    // A reply still on its way counts as having read what came before it too.
    expect(countUnread([msg({ senderId: ME, seq: null, sortKey: 2 ** 50 + 1, status: 'queued' }), c, b], ME, 0)).toBe(0);
  });

  it('puts the divider above the first unread message, after one\'s own last reply, or nowhere', () => {
    const [a, b, c] = [msg(), msg(), msg()];
    expect(firstUnreadKey([a, b, c], ME, a.seq!)).toBe(b.key);
    expect(firstUnreadKey([a, b, c], ME, 0)).toBe(a.key);
    expect(firstUnreadKey([a, b, c], ME, c.seq!)).toBeNull();
    const reply = msg({ senderId: ME });
    const d = msg();
    expect(firstUnreadKey([a, b, reply, d], ME, 0)).toBe(d.key);
    expect(firstUnreadKey([a, b, reply], ME, 0)).toBeNull();
  });

  it('a badge is exact up to 99', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});

describe('list rows', () => {
  it('preview: one line, "You:" for one\'s own, the sender\'s first name in a group, "Photo" for an image alone', () => {
    expect(previewOf(msg({ text: 'line one\nline   two ' }), ME, false)).toBe('line one line two');
    expect(previewOf(msg({ senderId: ME, text: 'hi' }), ME, false)).toBe('You: hi');
    expect(previewOf(msg({ text: '', image: '/uploads/x.png' }), ME, false)).toBe('Photo');
    expect(previewOf(msg({ text: 'look', image: '/uploads/x.png' }), ME, false)).toBe('look');
    expect(previewOf(msg({ sender: { _id: 'them', fullName: 'Noor Haddad', profilePic: '' }, text: 'hey' }), ME, true)).toBe('Noor: hey');
  });

  it('sorts by the latest activity, newest first; conversations without messages keep their order after them', () => {
    const last: Record<string, { createdAt: string; sortKey: number } | undefined> = {
      ana: { createdAt: at(2026, 10, 20), sortKey: 5 },
      ben: undefined,
      cleo: { createdAt: at(2026, 10, 23, 10), sortKey: 9 },
      dan: undefined,
      eve: { createdAt: at(2026, 10, 23, 10), sortKey: 12 },
    };
    expect(byActivity(['ana', 'ben', 'cleo', 'dan', 'eve'], (p) => last[p])).toEqual(['eve', 'cleo', 'ana', 'ben', 'dan']);
  });
});
