/**
 * /search in jsdom (docs/decisions/message-search.md): the device's results at once, the server's
 * older ones added without repeats, paging, the offline note, "No messages found", the scope, and
 * a result opening its conversation at the message.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPage } from '../../../src/client/features/search/SearchPage';
import type { DirectMessage, SearchResults } from '../../../src/shared/api';
import { directKey, groupKey } from '../../../src/shared/conversation';
import type { SearchScope } from '../../../src/client/features/search/hits';
import { me, message, person, server, useSafetyDevice } from '../safety/harness';

vi.mock('../../../src/client/features/auth/session', async (importOriginal) => {
  const { currentEngine } = await import('../../../src/client/sync/current');
  return { ...(await importOriginal<object>()), useUser: () => currentEngine()!.user };
});

const device = useSafetyDevice();
const NOOR = person('b0000000000000000000000b', 'Noor Haddad');
const GROUP_ID = 'e0000000000000000000000e';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

async function stored() {
  const db = device.db();
  await db.users.put(NOOR);
  await db.groups.put({ _id: GROUP_ID, name: 'Calm Corner', type: 'mental', description: '', members: [], createdAt: '2026-01-01T00:00:00.000Z', memberCount: 2, isMember: true });
  await db.messages.bulkPut([
    message(directKey(NOOR._id), NOOR._id, 'The garden is blooming', { _id: 'd00000000000000000000901', seq: 901, sortKey: 901 }),
    message(groupKey(GROUP_ID), 'c0000000000000000000000c', 'we planted a garden', { _id: 'd00000000000000000000902', seq: 902, sortKey: 902 }),
    message(directKey(NOOR._id), me(), 'nothing to see', { seq: 903, sortKey: 903 }),
  ]);
}

const older = (over: Partial<DirectMessage> = {}): DirectMessage => ({
  _id: 'f00000000000000000000100', seq: 100, senderId: me(), receiverId: NOOR._id, text: 'An old garden story', image: null,
  clientId: 'old-1', createdAt: '2025-05-01T10:00:00.000Z', ...over,
});

/** The server's answers, page by page; records what was asked. */
function serverPages(...pages: SearchResults[]) {
  let i = 0;
  server.routes({ 'GET /api/messages/search': () => ({ status: 200, body: pages[Math.min(i++, pages.length - 1)] }) });
}

function show(scope: SearchScope = null, q = '') {
  const changes = { q: [] as string[], cleared: 0 };
  const root = createRootRoute({
    component: () => <SearchPage q={q} scope={scope} onQuery={(v) => changes.q.push(v)} onClearScope={() => { changes.cleared += 1; }} />,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/search'] }) });
  render(<RouterProvider router={router} />);
  return { router, changes };
}

const type = async (text: string) => fireEvent.change(await screen.findByLabelText('Search messages'), { target: { value: text } });
const results = () => screen.queryAllByTestId('search-result').map((r) => r.textContent);
const searches = () => server.called('GET /api/messages/search').map((c) => new URL(`http://x${c.route.split(' ')[1]}`).searchParams);

describe('/search', () => {
  it("shows the device's results at once, adds the server's older ones once each, and opens one at its message", async () => {
    await stored();
    const duplicate: DirectMessage = { _id: 'd00000000000000000000901', seq: 901, senderId: NOOR._id, receiverId: me(), text: 'The garden is blooming', image: null, clientId: 'c1', createdAt: '2026-03-04T10:00:00.000Z' };
    serverPages({ results: [duplicate, older()], hasMore: false });
    const { router, changes } = show();
    await type('GARDEN');
    await waitFor(() => expect(results()).toHaveLength(3));
    await waitFor(() => expect(results()[0]).toContain('Calm Corner'));
    expect(changes.q.at(-1)).toBe('GARDEN');
    const [group, direct, old] = screen.getAllByTestId('search-result');
    expect(group!.textContent).toContain('Calm Corner');
    expect(group!.textContent).toContain('Person 0c: we planted a garden');
    expect(direct!.textContent).toContain('Noor Haddad');
    expect(direct!.textContent).toContain('Noor Haddad: The garden is blooming');
    expect(old!.textContent).toContain('You: An old garden story');
    expect(within(old!).getByText('garden', { selector: 'mark' })).toBeTruthy();
    expect(searches().map((p) => [p.get('q'), p.get('before')])).toEqual([['GARDEN', null]]);

    fireEvent.click(old!);
    await waitFor(() => expect(router.state.location.href).toBe(`/chat/dm/${NOOR._id}?message=f00000000000000000000100`));
  });

  it('asks for older pages with the last seq, on "Search older messages"', async () => {
    await stored();
    serverPages({ results: [older()], hasMore: true }, { results: [older({ _id: 'f00000000000000000000050', seq: 50, text: 'the oldest garden' })], hasMore: false });
    show();
    await type('garden');
    const more = await screen.findByRole('button', { name: 'Search older messages' });
    fireEvent.click(more);
    await waitFor(() => expect(results()).toHaveLength(4));
    expect(searches().map((p) => p.get('before'))).toEqual([null, '100']);
    expect(screen.queryByRole('button', { name: 'Search older messages' })).toBeNull();
  });

  it('says calmly, offline, that older messages need a connection, and asks nothing', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await stored();
    show();
    await type('garden');
    await screen.findByText(/Older messages can be searched once you are back online/);
    await waitFor(() => expect(results()).toHaveLength(2));
    await type('zebra');
    await screen.findByText('No messages found');
    expect(searches()).toHaveLength(0);
  });

  it('says "No messages found" once the server has nothing either, and waits for two characters', async () => {
    await stored();
    serverPages({ results: [], hasMore: false });
    show();
    await type('z');
    await screen.findByText('Type at least 2 characters to search.');
    await type('zebra');
    await screen.findByText('No messages found');
    expect(searches().map((p) => p.get('q'))).toEqual(['zebra']);
  });

  it('takes no answer from the server calmly, as offline, and offers to ask again', async () => {
    await stored();
    let reachable = false;
    server.on((route) => {
      if (!route.startsWith('GET /api/messages/search')) return undefined;
      if (!reachable) throw new TypeError('Failed to fetch');
      return { status: 200, body: { results: [older()], hasMore: false } };
    });
    show();
    await type('garden');
    await screen.findByText(/Older messages can be searched once you are back online/);
    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Search older messages' }));
    await waitFor(() => expect(results()).toHaveLength(3));
  });

  it('searches one conversation when scoped, shows it, and lets the scope go', async () => {
    await stored();
    serverPages({ results: [], hasMore: false });
    const { changes } = show({ kind: 'direct', id: NOOR._id });
    await waitFor(() => expect(screen.getByTestId('search-scope').textContent).toContain('In Noor Haddad'));
    await type('garden');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(results()).toHaveLength(1);
    expect(Object.fromEntries(searches()[0]!)).toEqual({ q: 'garden', kind: 'direct', id: NOOR._id });
    fireEvent.click(screen.getByRole('button', { name: 'Search all conversations' }));
    expect(changes.cleared).toBe(1);
  });

  it('shows the server refusing, and tries again on "Search older messages"', async () => {
    await stored();
    let refuse = true;
    server.routes({
      'GET /api/messages/search': () => (refuse
        ? { status: 429, body: { code: 'RATE_LIMITED', message: 'You are searching faster than Haven can answer. Please try again in 5 seconds.' } }
        : { status: 200, body: { results: [older()], hasMore: false } }),
    });
    show();
    await type('garden');
    await screen.findByText(/searching faster than Haven can answer/);
    refuse = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search older messages' })));
    await waitFor(() => expect(results()).toHaveLength(3));
  });
});

