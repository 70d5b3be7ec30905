/**
 * /admin through the real route tree in jsdom: the route's loader fetches the four lists, the guard
 * keeps everyone else from ever reaching it, the role filter is in the URL, an action reloads the
 * lists, and a load that gets nothing at all shows a calm error state with a way to try again.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import { setUser } from '../../src/client/features/auth/session';
import type { AdminGroup, AdminStats, AdminUser, AuthUser } from '../../src/shared/api';

type Answer = { status: number; body: unknown };
let handler: (route: string) => Answer | undefined;
const calls: string[] = [];

const person = (over: Partial<AuthUser> = {}): AuthUser => ({
  _id: '0123456789abcdef01234567', fullName: 'Ada Admin', email: 'ada@example.com', role: 'admin', status: 'verified',
  profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '',
  createdAt: '2026-01-02T03:04:05.000Z', ...over,
});
const member = (id: string, fullName: string, role: AdminUser['role'], status: AdminUser['status'] = 'verified') =>
  ({ ...person({ _id: id, fullName, email: `${id}@example.com`, role, status }) }) as AdminUser;
const THERAPIST = member('aaaaaaaaaaaaaaaaaaaaaaa1', 'Dr Lee', 'therapist', 'pending');
const USER = member('aaaaaaaaaaaaaaaaaaaaaaa2', 'Sam Rivers', 'user');
const STATS: AdminStats = { total: 3, users: 1, therapists: 1, ngos: 0, volunteers: 0, verified: 2, pending: 1 };
const GROUP = { _id: 'bbbbbbbbbbbbbbbbbbbbbbb1', name: 'Calm Exams', type: 'academic', description: 'Study stress', members: [] } as unknown as AdminGroup;

/** A small admin server: the pending list empties once the therapist is verified. */
function adminServer(fail: ReadonlySet<string> = new Set()): (route: string) => Answer | undefined {
  let verified = false;
  return (route) => {
    const path = route.split(' ')[1]?.split('?')[0] ?? '';
    if (fail.has(path)) return { status: 500, body: { message: 'Something went wrong on our side.', code: 'INTERNAL' } };
    if (route === 'GET /api/admin/pending-users') return { status: 200, body: verified ? [] : [THERAPIST] };
    if (route.startsWith('GET /api/admin/all-users')) {
      const role = new URL(route.split(' ')[1]!, 'http://x').searchParams.get('role');
      return { status: 200, body: [THERAPIST, USER].filter((u) => role === 'all' || u.role === role) };
    }
    if (route === 'GET /api/admin/stats') return { status: 200, body: STATS };
    if (route === 'GET /api/admin/groups') return { status: 200, body: [GROUP] };
    if (route === `POST /api/admin/verify-user/${THERAPIST._id}`) {
      verified = true;
      return { status: 200, body: { message: 'User verified', referralCode: 'DRLEE-1234' } };
    }
    return undefined;
  };
}

beforeEach(() => {
  calls.length = 0;
  toast.remove();
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const url = new URL(req.url);
    const route = `${req.method} ${url.pathname}${url.search}`;
    calls.push(route);
    const res = handler(route) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
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

const adminCalls = () => calls.filter((c) => c.includes('/api/admin/'));

describe('/admin', () => {
  it('a non-admin is sent on by the guard before the loader runs: no admin request, no toast', async () => {
    handler = adminServer();
    await setUser(person({ role: 'user', fullName: 'Sam Rivers' }));
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await screen.findByRole('heading', { name: 'Welcome, Sam Rivers' });
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(adminCalls()).toEqual([]);
    expect(screen.queryByText(/^Failed to load/)).toBeNull();
  });

  it('shows what the loader fetched; the role filter is in the URL; verifying reloads the lists', async () => {
    handler = adminServer();
    await setUser(person());
    const router = renderAt('/admin');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect((await screen.findByTestId('stat-total')).textContent).toBe('3');
    expect(screen.getAllByTestId('pending-user')).toHaveLength(1);
    expect(screen.getAllByTestId('user-row')).toHaveLength(2);
    expect(screen.getAllByTestId('admin-group')[0]?.textContent).toContain('Calm Exams');
    expect(adminCalls().sort()).toEqual([
      'GET /api/admin/all-users?role=all', 'GET /api/admin/groups', 'GET /api/admin/moderation-log', 'GET /api/admin/pending-users',
      'GET /api/admin/reports?status=open', 'GET /api/admin/stats',
    ]);

    fireEvent.change(screen.getByLabelText('Filter by role'), { target: { value: 'user' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(router.state.location.search).toEqual({ role: 'user' });
    expect((screen.getByLabelText('Filter by role') as HTMLSelectElement).value).toBe('user');
    expect(calls).toContain('GET /api/admin/all-users?role=user');

    fireEvent.click(screen.getByRole('button', { name: 'Verify Dr Lee' }));
    expect(await screen.findByText('User verified successfully')).toBeTruthy();
    expect(await screen.findByText('Referral code for Dr Lee: DRLEE-1234')).toBeTruthy();
    await screen.findByText('No pending verification requests.');
    // The filter stays where the admin left it.
    expect(calls.filter((c) => c === 'GET /api/admin/all-users?role=user').length).toBeGreaterThan(1);
  });

  it('a part that fails gets its spec toast and shows empty; the rest of the page works', async () => {
    handler = adminServer(new Set(['/api/admin/groups', '/api/admin/stats']));
    await setUser(person());
    renderAt('/admin');
    expect(await screen.findByText('Failed to load groups')).toBeTruthy();
    expect(await screen.findByText('Failed to load users statistics')).toBeTruthy();
    expect(screen.getByText('No groups yet.')).toBeTruthy();
    expect(screen.getByTestId('stat-total').textContent).toBe('–');
    expect(screen.getAllByTestId('user-row')).toHaveLength(2);
    expect(screen.queryByText('Failed to load pending users')).toBeNull();
  });

  it('nothing loaded: a calm error state (not a blank page) that can try again', async () => {
    // React reports the error the boundary caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let down = true;
    const server = adminServer();
    handler = (route) => (down && route.includes('/api/admin/') ? { status: 503, body: { message: 'Haven is busy right now.', code: 'UNAVAILABLE' } } : server(route));
    await setUser(person());
    renderAt('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The dashboard could not be loaded.');
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    for (const t of ['Failed to load pending users', 'Failed to load users statistics', 'Failed to load groups']) expect(await screen.findByText(t)).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByTestId('pending-user'))).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
