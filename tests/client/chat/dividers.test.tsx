/** The message list's day separators and "New messages" divider, in jsdom with a mocked viewport. */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../../src/client/db/database';
import { MessageList } from '../../../src/client/features/chat/MessageList';

afterEach(cleanup);

const ME = 'me';
const today = new Date();
const day = (daysBack: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysBack, hour, 5).toISOString();
const message = (i: number, createdAt: string, from = 'them'): LocalMessage => ({
  key: `k${i}`, kind: 'direct', conversation: 'dm:them', _id: `id${i}`, seq: i, senderId: from, receiverId: ME, groupId: null,
  sender: null, text: `message ${i}`, image: null, clientId: `c${i}`, createdAt, status: 'sent', error: null, sortKey: i,
});
const history = { loadOlder: async () => {}, loadingOlder: false, atStart: true, failed: false, setFollowing: () => {} };
const sized = (children: ReactNode) => <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 50 }}>{children}</VirtuosoMockContext.Provider>;

describe('dividers in a conversation', () => {
  it('labels each day once and puts "New messages" above the first unread message', async () => {
    const messages = [message(1, day(1, 9), ME), message(2, day(1, 22)), message(3, day(0, 8)), message(4, day(0, 9))];
    render(sized(<MessageList messages={messages} me={ME} showSender={false} emptyText="" history={history} dividerKey="k3" />));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('message 4');
    expect(within(log).getAllByTestId('day-separator').map((s) => s.textContent)).toEqual(['Yesterday', 'Today']);
    const divider = within(log).getByTestId('new-messages-divider');
    expect(divider.textContent).toBe('New messages');
    const third = within(log).getByText('message 3').closest('[data-testid="message"]')!;
    const second = within(log).getByText('message 2').closest('[data-testid="message"]')!;
    // In document order: message 2, the Today separator, the divider, message 3.
    expect(second.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(third) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(log).getAllByTestId('new-messages-divider')).toHaveLength(1);
  });

  it('shows no divider when nothing was unread', async () => {
    render(sized(<MessageList messages={[message(1, day(0, 9))]} me={ME} showSender={false} emptyText="" history={history} dividerKey={null} />));
    await screen.findByText('message 1');
    expect(screen.queryByTestId('new-messages-divider')).toBeNull();
    expect(screen.getAllByTestId('day-separator').map((s) => s.textContent)).toEqual(['Today']);
  });
});
