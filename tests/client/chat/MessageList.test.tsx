/**
 * The windowed lists in jsdom. Virtuoso measures nothing here, so VirtuosoMockContext gives it a
 * viewport and row height; scrolling itself is left to the Chromium end-to-end tests.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalAiMessage, LocalMessage } from '../../../src/client/db/database';
import { MessageList as AuraList } from '../../../src/client/features/aura/MessageList';
import { formatTime } from '../../../src/client/features/chat/format';
import { MessageList } from '../../../src/client/features/chat/MessageList';

vi.mock('../../../src/client/features/chat/format', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/client/features/chat/format')>();
  return { ...original, formatTime: vi.fn(original.formatTime) };
});

afterEach(cleanup);

const ME = 'me';
const message = (i: number, over: Partial<LocalMessage> = {}): LocalMessage => ({
  key: `k${i}`, kind: 'group', conversation: 'group:g', _id: `id${i}`, seq: i, senderId: i % 2 ? ME : 'them', receiverId: null, groupId: 'g',
  sender: { _id: i % 2 ? ME : 'them', fullName: i % 2 ? 'Me' : 'Noor', profilePic: '' }, text: `message ${i}`, image: null, clientId: `c${i}`,
  createdAt: new Date(2024, 0, 1, 9, i % 60).toISOString(), status: 'sent', error: null, sortKey: i, ...over,
});
const history = { loadOlder: async () => {}, loadingOlder: false, atStart: false, failed: false, setFollowing: () => {} };
const sized = (children: ReactNode) => <VirtuosoMockContext.Provider value={{ viewportHeight: 400, itemHeight: 50 }}>{children}</VirtuosoMockContext.Provider>;
const many = (n: number) => Array.from({ length: n }, (_, i) => message(i + 1));

describe('chat MessageList', () => {
  it('opens at the newest message with only the rows on screen in the DOM', async () => {
    render(sized(<MessageList messages={many(1000)} me={ME} showSender emptyText="No messages yet. Say hello!" history={history} />));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('message 1000');
    const rows = within(log).getAllByTestId('message');
    expect(rows.length).toBeLessThan(40);
    expect(screen.queryByText('message 1')).toBeNull();
    // Others are named in a group, with data-mine and a tick on one's own.
    const theirs = rows.find((r) => r.textContent?.includes('message 1000'))!;
    expect(theirs.getAttribute('data-mine')).toBe('false');
    expect(theirs.querySelector('.chat-header')?.textContent).toBe('Noor');
    const mine = rows.find((r) => r.textContent?.includes('message 999'))!;
    expect(mine.getAttribute('data-mine')).toBe('true');
    expect(mine.querySelector('[data-status="sent"]')).not.toBeNull();
    expect(mine.querySelector('time')?.textContent).toMatch(/^\d\d:\d\d$/);
  });

  it('re-renders only the row whose status changed', async () => {
    const messages = [...many(30), message(31, { status: 'sending', sortKey: 2 ** 50 + 1 })];
    const { rerender } = render(sized(<MessageList messages={messages} me={ME} showSender={false} emptyText="" history={history} />));
    const pending = await screen.findByText('message 31');
    expect(pending.closest('[data-testid="message"]')!.querySelector('[data-status="pending"]')).not.toBeNull();
    vi.mocked(formatTime).mockClear();
    // A live query answers with new objects for every row.
    const next = messages.map((m) => ({ ...m, ...(m.key === 'k31' ? { status: 'failed' as const, error: 'Too long' } : {}) }));
    rerender(sized(<MessageList messages={next} me={ME} showSender={false} emptyText="" history={history} />));
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('Too long')).toBeTruthy();
    within(failed).getByRole('button', { name: 'Retry' });
    within(failed).getByRole('button', { name: 'Delete' });
    expect(formatTime).toHaveBeenCalledTimes(1);
  });

  it('shows the start of the conversation, or older messages loading, above the first row', async () => {
    const { rerender } = render(sized(<MessageList messages={many(3)} me={ME} showSender={false} emptyText="" history={{ ...history, atStart: true }} />));
    await screen.findByText('Start of the conversation');
    rerender(sized(<MessageList messages={many(3)} me={ME} showSender={false} emptyText="" history={{ ...history, loadingOlder: true }} />));
    await screen.findByText('Loading older messages');
    expect(screen.queryByText('Start of the conversation')).toBeNull();
  });

  it('offers Try again when older messages could not be fetched', async () => {
    const loadOlder = vi.fn(async () => {});
    render(sized(<MessageList messages={many(3)} me={ME} showSender={false} emptyText="" history={{ ...history, failed: true, loadOlder }} />));
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(loadOlder).toHaveBeenCalled();
  });

  it('keeps the empty text and the loading spinner', () => {
    const { rerender } = render(<MessageList messages={[]} me={ME} showSender={false} emptyText="No messages yet. Say hello!" history={history} />);
    expect(within(screen.getByRole('log', { name: 'Messages' })).getByText('No messages yet. Say hello!')).toBeTruthy();
    rerender(<MessageList messages={undefined} me={ME} showSender={false} emptyText="No messages yet. Say hello!" history={history} />);
    expect(screen.getByRole('status').textContent).toBe('Loading messages');
  });
});

const turn = (i: number, over: Partial<LocalAiMessage> = {}): LocalAiMessage => ({
  key: `t${i}`, chatId: 'c', role: i % 2 ? 'user' : 'model', text: `turn ${i}`, img: null, crisis: false, status: 'sent', error: null,
  createdAt: new Date(2024, 0, 1).toISOString(), sortKey: i, ...over,
});

describe('Aura MessageList', () => {
  it('shows the newest turns as list items, then the thinking row while a question waits', async () => {
    const turns = Array.from({ length: 200 }, (_, i) => turn(i + 1, i === 199 ? { role: 'user', status: 'sending' } : {}));
    render(sized(<AuraList messages={turns} waiting offline={false} />));
    const region = screen.getByRole('region', { name: 'Conversation with Aura' });
    await within(region).findByText('Aura is thinking...');
    const list = region.querySelector('ol')!;
    const shown = within(list).getAllByTestId('aura-message');
    expect(shown.length).toBeLessThan(40);
    expect(shown.every((m) => m.parentElement?.tagName === 'LI')).toBe(true);
    expect(shown.at(-1)!.getAttribute('data-role')).toBe('user');
    expect(within(region).queryByText('turn 1')).toBeNull();
  });

  it('offline, the waiting row says the question is kept', async () => {
    render(sized(<AuraList messages={[turn(1, { status: 'queued' })]} waiting offline />));
    await screen.findByTestId('aura-queued-note');
    expect(screen.getByTestId('aura-send-state').getAttribute('data-status')).toBe('queued');
  });
});
