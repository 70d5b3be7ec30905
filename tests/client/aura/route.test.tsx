/**
 * The Aura routes in jsdom: the invalid-id guard runs before the screen, the loader starts the
 * chat's history load and the screen joins it (one request, not two), and offline the loader asks
 * nothing and the chat shows from Dexie at once.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../../src/client/routeTree.gen';
import { setUser } from '../../../src/client/features/auth/session';
import { currentEngine } from '../../../src/client/sync/current';
import type { AiChat, AuthUser } from '../../../src/shared/api';

const CHAT = 'c0ffee0123456789abcdef01';
const calls: string[] = [];
const chat: AiChat = {
  _id: CHAT, title: 'Exams', createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:01.000Z',
  history: [
    { _id: 'a'.repeat(24), role: 'user', parts: [{ text: 'Exams worry me' }], crisis: false, clientId: null, createdAt: '2026-01-01T10:00:00.000Z' },
    { _id: 'b'.repeat(24), role: 'model', parts: [{ text: 'That sounds heavy.' }], crisis: false, clientId: null, createdAt: '2026-01-01T10:00:01.000Z' },
  ],
};
const { history: _history, ...summary } = chat;

function answer(route: string): { status: number; body: unknown } {
  if (route === 'GET /api/chats/userchats') return { status: 200, body: [summary] };
  if (route === `GET /api/chats/${CHAT}`) return { status: 200, body: chat };
  return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const url = new URL(req.url);
    const route = `${req.method} ${url.pathname}`;
    calls.push(route);
    const res = answer(route);
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let n = 0;
/** A new person each time: each gets their own Dexie database, so tests start from an empty device. */
async function signIn(): Promise<AuthUser> {
  n += 1;
  const user: AuthUser = {
    _id: `${n}`.padStart(24, 'd'), fullName: 'Sam Rivers', email: `sam${n}@example.com`, role: 'user', status: 'verified',
    profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '',
    createdAt: '2026-01-02T03:04:05.000Z',
  };
  await setUser(user);
  return user;
}

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the Aura routes', () => {
  it('an id that is not 24 hex characters is refused before the screen loads anything', async () => {
    await signIn();
    const router = renderAt('/aura-ai/chats/123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/aura-ai'));
    expect(await screen.findByText('Invalid chat ID format')).toBeTruthy();
    expect(calls).not.toContain('GET /api/chats/123');
  });

  it("the loader starts the chat's history load and the screen joins it: one request", async () => {
    await signIn();
    renderAt(`/aura-ai/chats/${CHAT}`);
    await screen.findByRole('heading', { level: 1, name: 'Exams' });
    // The list itself is windowed (Virtuoso draws nothing in jsdom): the history is asked of Dexie.
    await waitFor(async () => expect(await currentEngine()!.db.aiMessages.where('chatId').equals(CHAT).count()).toBe(2));
    await waitFor(() => expect(screen.queryByText('Loading chat…')).toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c === `GET /api/chats/${CHAT}`)).toHaveLength(1);
    expect(calls.filter((c) => c === 'GET /api/chats/userchats')).toHaveLength(1);
  });

  it('offline, the loader asks nothing and the chat shows from Dexie at once', async () => {
    await signIn();
    const db = currentEngine()!.db;
    await db.aiChats.put({ ...summary, local: false });
    await db.aiMessages.put({
      key: 'm1', chatId: CHAT, role: 'model', text: 'Saved on this device.', img: null, crisis: false,
      status: 'sent', error: null, createdAt: chat.createdAt, sortKey: Date.parse(chat.createdAt),
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(`/aura-ai/chats/${CHAT}`);
    await screen.findByRole('heading', { level: 1, name: 'Exams' });
    // With a stored turn, no spinner: the chat is there at once (its rows are windowed, see above).
    expect(screen.queryByText('Loading chat…')).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((c) => c.startsWith('GET /api/chats'))).toEqual([]);
  });
});
