/** The device's half of message search (src/client/features/search): pure functions over rows. */
import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../../src/client/db/database';
import { PENDING_SORT_BASE } from '../../../src/client/db/database';
import { fromServer, hitHref, mergeHits, searchable, searchDevice } from '../../../src/client/features/search/hits';
import { segments, snippet } from '../../../src/client/features/search/highlight';
import { parseSearchParams } from '../../../src/client/features/search/params';
import type { DirectMessage, GroupMessage } from '../../../src/shared/api';

const ME = 'a0000000000000000000000a';
const BEN = 'b0000000000000000000000b';
const CAL = 'c0000000000000000000000c';
const GROUP = 'e0000000000000000000000e';

let n = 0;
function row(conversation: string, senderId: string, text: string, over: Partial<LocalMessage> = {}): LocalMessage {
  n += 1;
  const group = conversation.startsWith('group:');
  return {
    key: `${senderId}:c${n}`, kind: group ? 'group' : 'direct', conversation, _id: `d${String(n).padStart(23, '0')}`, seq: n, senderId,
    receiverId: group ? null : ME, groupId: group ? GROUP : null, sender: group ? { _id: senderId, fullName: 'Cal Moss', profilePic: '' } : null,
    text, image: null, clientId: `c${n}`, createdAt: new Date(2026, 2, 4, 10, n).toISOString(), status: 'sent', error: null, sortKey: n, ...over,
  };
}

const search = (rows: LocalMessage[], q: string, over: Partial<Parameters<typeof searchDevice>[1]> = {}) =>
  searchDevice(rows, { q, scope: null, blocked: new Set(), me: ME, limit: 50, ...over }).map((h) => h.text);

describe('searchDevice', () => {
  const rows = [
    row(`dm:${BEN}`, BEN, 'The Garden was quiet'),
    row(`group:${GROUP}`, CAL, 'we planted a GARDEN'),
    row(`dm:${BEN}`, ME, 'nothing here'),
    row(`dm:${CAL}`, CAL, 'my garden, taken back', { deletedAt: '2026-03-04T10:00:00.000Z', text: '' }),
    row(`dm:${CAL}`, CAL, 'Zurück in die ÉCOLE'),
    row(`dm:${BEN}`, ME, 'garden typed offline', { _id: null, seq: null, sortKey: PENDING_SORT_BASE + 1, status: 'queued' }),
  ];

  it('finds the words anywhere, ignoring case, newest first, waiting messages on top, never one taken back', () => {
    expect(search(rows, 'garden')).toEqual(['garden typed offline', 'we planted a GARDEN', 'The Garden was quiet']);
    expect(search(rows, 'école')).toEqual(['Zurück in die ÉCOLE']);
    expect(search(rows, 'ZURÜCK')).toEqual(['Zurück in die ÉCOLE']);
    expect(search(rows, 'taken')).toEqual([]);
  });

  it('searches one conversation when scoped, and keeps to the limit', () => {
    expect(search(rows, 'garden', { scope: { kind: 'direct', id: BEN } })).toEqual(['garden typed offline', 'The Garden was quiet']);
    expect(search(rows, 'garden', { scope: { kind: 'group', id: GROUP } })).toEqual(['we planted a GARDEN']);
    expect(search(rows, 'garden', { limit: 1 })).toEqual(['garden typed offline']);
  });

  it("leaves out what a blocked person wrote, never the searcher's own words to them", () => {
    const withBen = [row(`dm:${BEN}`, BEN, 'lemon from Ben'), row(`dm:${BEN}`, ME, 'lemon to Ben')];
    expect(search(withBen, 'lemon', { blocked: new Set([BEN]) })).toEqual(['lemon to Ben']);
  });

  it('takes regular-expression and LIKE characters literally', () => {
    const odd = [row(`dm:${BEN}`, BEN, 'save 50% now'), row(`dm:${BEN}`, BEN, 'save 50 now'), row(`dm:${BEN}`, BEN, 'a (b) c.*'), row(`dm:${BEN}`, BEN, 'a b c')];
    expect(search(odd, '50%')).toEqual(['save 50% now']);
    expect(search(odd, '(b) c.*')).toEqual(['a (b) c.*']);
    expect(search(odd, '.*')).toEqual(['a (b) c.*']);
  });

  it('names where each result opens: the other person, or the group; at the message once stored', () => {
    const [offline, group, direct] = searchDevice(rows, { q: 'garden', scope: null, blocked: new Set(), me: ME, limit: 10 });
    expect(hitHref(direct!)).toBe(`/chat/dm/${BEN}?message=${direct!._id}`);
    expect(hitHref(group!)).toBe(`/chat/group/${GROUP}?message=${group!._id}`);
    expect(hitHref(offline!)).toBe(`/chat/dm/${BEN}`);
    expect(group!.senderName).toBe('Cal Moss');
  });
});

describe('the server results beside the device results', () => {
  const direct = (over: Partial<DirectMessage>): DirectMessage => ({
    _id: 'f00000000000000000000001', seq: 900, senderId: ME, receiverId: BEN, text: 'old garden', image: null, clientId: 'x1', createdAt: '2026-01-01T10:00:00.000Z', ...over,
  });
  const group: GroupMessage = {
    _id: 'f00000000000000000000002', seq: 800, groupId: GROUP, senderId: CAL, sender: { _id: CAL, fullName: 'Cal Moss', profilePic: '' },
    text: 'older garden', clientId: 'x2', createdAt: '2026-01-01T09:00:00.000Z', writtenAt: '2026-01-01T08:00:00.000Z',
  };

  it('opens a direct message at the other person whoever sent it, and shows when it was written', () => {
    expect(fromServer(direct({}), ME).conversation).toEqual({ kind: 'direct', id: BEN });
    expect(fromServer(direct({ senderId: BEN, receiverId: ME }), ME).conversation).toEqual({ kind: 'direct', id: BEN });
    expect(fromServer(group, ME)).toMatchObject({ conversation: { kind: 'group', id: GROUP }, senderName: 'Cal Moss', at: '2026-01-01T08:00:00.000Z' });
  });

  it('shows a message the device also holds once, newest first', () => {
    const device = searchDevice([row(`dm:${BEN}`, ME, 'garden again', { _id: 'f00000000000000000000001', seq: 900, sortKey: 900 })],
      { q: 'garden', scope: null, blocked: new Set(), me: ME, limit: 10 });
    const merged = mergeHits(device, [fromServer(direct({}), ME), fromServer(group, ME)]);
    expect(merged.map((h) => h.text)).toEqual(['garden again', 'older garden']);
  });
});

describe('highlighting and the query', () => {
  it('marks every match whatever its case', () => {
    expect(segments('Garden and garden', 'GARDEN')).toEqual([
      { text: 'Garden', match: true }, { text: ' and ', match: false }, { text: 'garden', match: true },
    ]);
    expect(segments('no match', 'xyz')).toEqual([{ text: 'no match', match: false }]);
    expect(segments('a+b', '+')).toEqual([{ text: 'a', match: false }, { text: '+', match: true }, { text: 'b', match: false }]);
  });

  it('shows a long message around its first match, on one line, without cutting an emoji', () => {
    const long = `${'word '.repeat(60)}the needle is here ${'more '.repeat(60)}`;
    const shown = snippet(long, 'needle', 80);
    expect(shown).toContain('needle');
    expect(shown.startsWith('…') && shown.endsWith('…')).toBe(true);
    expect(Array.from(shown).length).toBeLessThanOrEqual(82);
    expect(snippet('short\n\nmessage', 'short')).toBe('short message');
    const emoji = snippet('🌻'.repeat(100), '🌻', 10);
    expect(Array.from(emoji.replace(/…/g, '')).every((c) => c === '🌻')).toBe(true);
  });

  it('searches from two characters, trimmed', () => {
    expect(searchable(' a ')).toBeNull();
    expect(searchable(' ab ')).toBe('ab');
  });

  it('keeps a scope from the address only with a kind and a real id', () => {
    expect(parseSearchParams({ q: 'hi', kind: 'direct', id: BEN })).toEqual({ q: 'hi', kind: 'direct', id: BEN });
    expect(parseSearchParams({ q: 'hi', kind: 'direct' })).toEqual({ q: 'hi' });
    expect(parseSearchParams({ kind: 'aura', id: BEN })).toEqual({});
    expect(parseSearchParams({ kind: 'group', id: 'nope' })).toEqual({});
  });
});
