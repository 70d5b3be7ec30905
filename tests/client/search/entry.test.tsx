/**
 * The ways into /search: the chat list's "Search messages" button, and a conversation's "Search in
 * this conversation"; and who may open /search at all.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DirectMenu, GroupMenu } from '../../../src/client/features/chat/ConversationMenu';
import { SearchBox } from '../../../src/client/features/chat/SearchBox';
import type { AuthUser, GroupSummary } from '../../../src/shared/api';
import { person, useSafetyDevice } from '../safety/harness';

const session = vi.hoisted(() => ({ user: null as AuthUser | null }));
vi.mock('../../../src/client/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  whenSessionKnown: async () => ({ user: session.user, checking: false, offline: false }),
  getSession: () => ({ user: session.user, checking: false, offline: false }),
}));
const { as, landOn, offlineFetch } = await import('../access-tree');

useSafetyDevice();
const NOOR = person('b0000000000000000000000b', 'Noor Haddad');
const GROUP: GroupSummary = {
  _id: 'e0000000000000000000000e', name: 'Calm Corner', type: 'mental', description: '', members: [], createdAt: '2026-01-01T00:00:00.000Z', memberCount: 2, isMember: true,
};

function at(ui: () => ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: ui }), history: createMemoryHistory({ initialEntries: ['/chat'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the ways into message search', () => {
  it('the chat list offers "Search messages" beside its name filter, which still filters', async () => {
    const typed: string[] = [];
    const router = at(() => <SearchBox label="Search people" value="" onChange={(v) => typed.push(v)} />);
    fireEvent.change(await screen.findByLabelText('Search people'), { target: { value: 'no' } });
    expect(typed).toEqual(['no']);
    fireEvent.click(screen.getByRole('link', { name: 'Search messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('a direct chat and a group offer "Search in this conversation", limited to it', async () => {
    for (const [menu, query] of [
      [() => <DirectMenu person={NOOR} />, `kind=direct&id=${NOOR._id}`],
      [() => <GroupMenu group={GROUP} me="a0000000000000000000000a" />, `kind=group&id=${GROUP._id}`],
    ] as const) {
      const router = at(menu);
      fireEvent.click(await screen.findByRole('button', { name: 'Conversation options' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Search in this conversation' }));
      await waitFor(() => expect(router.state.location.href).toBe(`/search?${query}`));
      document.body.innerHTML = '';
    }
  });
});

describe('/search access', () => {
  beforeAll(offlineFetch);
  afterAll(() => vi.unstubAllGlobals());
  beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('is for signed-in people past verification, as the chat is', async () => {
    session.user = null;
    expect(await landOn('/search')).toBe('/login');
    session.user = as({ role: 'therapist', status: 'pending' });
    expect(await landOn('/search?q=hello')).toBe('/verification-needed');
    session.user = as({ role: 'user', status: 'verified' });
    expect(await landOn('/search?q=hello&kind=direct&id=b0000000000000000000000b')).toBe('/search');
  });
});
