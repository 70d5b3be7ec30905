/**
 * /chat through the real route tree in jsdom: the open conversation lives in the address
 * (/chat/dm/{id}, /chat/group/{id}), Back returns to the list, an address opens its conversation
 * as a reload or a link would, ?group= still joins first and then moves to the group's address,
 * and the route's loader refreshes the lists once per visit without holding the page back.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import { setUser } from '../../src/client/features/auth/session';
import { currentEngine } from '../../src/client/sync/current';
import type { AuthUser, GroupSummary, PublicUser } from '../../src/shared/api';

const NOOR: PublicUser = { _id: 'b0000000000000000000000b', fullName: 'Noor Haddad', role: 'user', status: 'verified', profilePic: '', createdAt: '2026-01-02T03:04:05.000Z' };
const GROUP: GroupSummary = {
  _id: 'e0000000000000000000000e', name: 'Calm Corner', type: 'mental', description: 'A calm place', members: [], createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 3, isMember: true, guidelines: 'Be gentle.',
};

let calls: string[] = [];
let groups: GroupSummary[] = [GROUP];
const listCalls = () => calls.filter((c) => c === 'GET /api/messages/users');

beforeEach(() => {
  calls = [];
  groups = [GROUP];
  toast.remove();
  Element.prototype.scrollTo ??= function scrollTo() {};
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const url = new URL(req.url);
    const route = `${req.method} ${url.pathname}`;
    calls.push(route);
    const body = route === 'GET /api/messages/users' ? [NOOR]
      : route === 'GET /api/messages/therapists' ? []
        : route === 'GET /api/messages/groups' ? groups
          : route === `POST /api/messages/join-group/${GROUP._id}` ? { ...GROUP, members: [] }
            : /^GET \/api\/messages\/(group\/)?[0-9a-f]{24}$/.test(route) ? []
              : undefined;
    return new Response(JSON.stringify(body ?? { message: 'Not found', code: 'NOT_FOUND' }), {
      status: body ? 200 : 404, headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let n = 0;
/** A new person each time, so each test starts from an empty device. */
async function signIn(): Promise<void> {
  n += 1;
  const user: AuthUser = {
    _id: `${n}`.padStart(24, 'a'), fullName: 'Sam Rivers', email: `sam${n}@example.com`, role: 'user', status: 'verified',
    profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z',
  };
  await setUser(user);
}

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/** The open conversation's title (a person's name shows once Dexie has them). */
const opened = (name: string) => waitFor(() => expect(screen.getByTestId('conversation-title').textContent).toBe(name));
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 100)); });

describe('/chat keeps the open conversation in the address', () => {
  it('opening a person moves to /chat/dm/{id}; Back returns to the list, as the browser\'s Back does', async () => {
    await signIn();
    const router = renderAt('/chat');
    fireEvent.click(await screen.findByRole('button', { name: /Noor Haddad/ }));
    await opened('Noor Haddad');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/dm/${NOOR._id}`));

    // Switching to the group takes the person's place: Back still leads to the list, not to Noor.
    fireEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    fireEvent.click(await screen.findByTestId('group-item'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/group/${GROUP._id}`));
    await opened('Calm Corner');

    fireEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    await waitFor(() => expect(screen.queryByTestId('conversation-title')).toBeNull());
    // The list the person left, as they left it.
    expect(screen.getByRole('tab', { name: 'Groups', selected: true })).toBeTruthy();
    expect(router.history.canGoBack()).toBe(false);
  });

  it('an address opens its conversation (a reload, a link), with the group under the Groups tab', async () => {
    await signIn();
    renderAt(`/chat/group/${GROUP._id}`);
    await opened('Calm Corner');
    expect(screen.getByRole('tab', { name: 'Groups', selected: true })).toBeTruthy();
    cleanup();
    const router = renderAt(`/chat/dm/${NOOR._id}`);
    await opened('Noor Haddad');
    // Opened from elsewhere, its Back button leads to the list in this entry's place.
    fireEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.history.length).toBe(1);
  });

  it('an id that is not 24 hex characters is refused: a toast and the list', async () => {
    await signIn();
    const router = renderAt('/chat/dm/nobody');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(await screen.findByText('Invalid user selected')).toBeTruthy();
  });

  it('?group= joins first, then the group has its own address', async () => {
    await signIn();
    groups = [{ ...GROUP, isMember: false }];
    const router = renderAt(`/chat?group=${GROUP._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Before you join Calm Corner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I agree, join' }));
    await opened('Calm Corner');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/group/${GROUP._id}`));
    expect(router.state.location.search).toEqual({});
  });

  it("?group= of a group the person is in opens it at the group's address, Back leading to the list", async () => {
    await signIn();
    const router = renderAt(`/chat?group=${GROUP._id}`);
    await opened('Calm Corner');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/group/${GROUP._id}`));
    await settle();
    expect(router.state.location.pathname).toBe(`/chat/group/${GROUP._id}`);
    expect(calls.filter((c) => c.startsWith('POST /api/messages/join-group'))).toEqual([]);
    router.history.back();
    await waitFor(() => expect(router.state.location.href).toBe('/chat'));
  });
});

describe("/chat's loader", () => {
  it('refreshes the lists once per visit: the page takes the loader\'s refresh, and opening a conversation asks nothing again', async () => {
    await signIn();
    const router = renderAt('/chat');
    fireEvent.click(await screen.findByRole('button', { name: /Noor Haddad/ }));
    await opened('Noor Haddad');
    await settle();
    expect(listCalls()).toHaveLength(1);
    await act(() => router.navigate({ to: '/dashboard' }));
    await act(() => router.navigate({ to: '/chat' }));
    await screen.findByRole('button', { name: /Noor Haddad/ });
    await settle();
    expect(listCalls()).toHaveLength(2);
  });

  it('offline, the page opens at once from the device', async () => {
    await signIn();
    await currentEngine()!.db.users.put(NOOR);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(`/chat/dm/${NOOR._id}`);
    await opened('Noor Haddad');
    await settle();
    expect(screen.queryByText('Failed to load users')).toBeNull();
  });
});
