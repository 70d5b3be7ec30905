/**
 * /profile's loader in jsdom: where the person is signed in is asked once on entry (the list takes
 * the loader's answer rather than asking again), the profile shows without waiting for it, and a
 * visit later asks anew.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import { setUser } from '../../src/client/features/auth/session';
import type { AccountSession, AuthUser } from '../../src/shared/api';

const ME: AuthUser = {
  _id: 'a0000000000000000000000a', fullName: 'Sam Rivers', email: 'sam@example.com', role: 'user', status: 'verified', profilePic: '',
  referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z',
};
const SESSION: AccountSession = {
  _id: 'c0000000000000000000000c', browser: 'Firefox on Linux', current: true, createdAt: '2026-03-01T10:00:00.000Z', lastSeenAt: '2026-03-02T10:00:00.000Z',
};

let calls: string[] = [];
let answer: () => Promise<Response>;
const sessionCalls = () => calls.filter((c) => c === 'GET /api/auth/sessions');

beforeEach(() => {
  calls = [];
  answer = async () => new Response(JSON.stringify([SESSION]), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const route = `${req.method} ${new URL(req.url).pathname}`;
    calls.push(route);
    if (route === 'GET /api/auth/sessions') return answer();
    return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('/profile', () => {
  it('asks for the sessions once on entry, and again on the next visit', async () => {
    await setUser(ME);
    const router = renderAt('/profile');
    expect(await screen.findByTestId('session-row')).toBeTruthy();
    await act(async () => { await new Promise((r) => setTimeout(r, 100)); });
    expect(sessionCalls()).toHaveLength(1);
    await act(() => router.navigate({ to: '/settings' }));
    await act(() => router.navigate({ to: '/profile' }));
    await screen.findByTestId('session-row');
    await waitFor(() => expect(sessionCalls()).toHaveLength(2));
  });

  it('shows the profile while the sessions are still out, and offline says the list could not be loaded', async () => {
    await setUser(ME);
    let release = () => {};
    answer = () => new Promise<Response>((_resolve, reject) => { release = () => reject(new TypeError('Failed to fetch')); });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/profile');
    expect(await screen.findByText('Loading your sessions...')).toBeTruthy();
    expect(screen.getByText('sam@example.com')).toBeTruthy();
    release();
    expect(await screen.findByText(/^Your sessions could not be loaded\./)).toBeTruthy();
    expect(sessionCalls()).toHaveLength(1);
  });
});
