/**
 * The real app (route tree, guard, session, forms) rendered in jsdom on a memory history, with
 * the network answered by a stub. Covers what unit tests of the pieces cannot: the wiring.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import { checkAuth, getSession, setUser } from '../../src/client/features/auth/session';
import type { AuthUser } from '../../src/shared/api';

type Handler = (path: string, body: unknown) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

let handler: Handler;
const calls: { method: string; path: string; body: unknown }[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const url = new URL(req.url);
    const text = req.method === 'GET' ? '' : await req.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path: url.pathname + url.search, body });
    const res = await handler(`${req.method} ${url.pathname}`, body);
    return json(res.status, res.body);
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const person = (over: Partial<AuthUser> = {}): AuthUser => ({
  _id: '0123456789abcdef01234567', fullName: 'Sam Rivers', email: 'sam@example.com', role: 'user', status: 'verified',
  profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '',
  createdAt: '2026-01-02T03:04:05.000Z', ...over,
});

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the app in jsdom', () => {
  it('shows the full-screen spinner while the session is checked, then the login page', async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    handler = () => new Promise((r) => { answer = r; });
    // This test runs first: the session store is still in "checking", as at app start.
    expect(getSession()).toEqual({ user: null, checking: true, offline: false });
    // A browser that holds a session (its readable hint says so) but remembers nobody: only then is
    // the check waited for. Without the hint /login opens at once, with no spinner held before it.
    document.cookie = 'haven_signed_in=1; path=/';
    const router = renderAt('/dashboard');
    const checking = checkAuth();
    expect((await screen.findByRole('status')).textContent).toContain('Loading');
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => {
      answer({ status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' } });
      await checking;
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('a sign-in made while the start-up check is out is not undone by its late answer', async () => {
    await setUser(null);
    document.cookie = 'haven_signed_in=1; path=/';
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    handler = (route) => (route === 'GET /api/auth/check'
      ? new Promise((r) => { answer = r; })
      : { status: 500, body: {} });
    const checking = checkAuth();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/check')).toBe(true));
    await setUser(person({ fullName: 'Bea Quinn' }));
    // The check was sent with the old, ended session's cookie.
    answer({ status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' } });
    await checking;
    expect(getSession().user?.fullName).toBe('Bea Quinn');
    expect(document.cookie).toContain('haven_signed_in=1');
    document.cookie = 'haven_signed_in=; Max-Age=0; path=/';
  });

  it('a server error at the start-up check keeps the remembered person signed in on the device, and asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await setUser(person({ fullName: 'Cai Ward' }));
    const checks = () => calls.filter((c) => c.path === '/api/auth/check').length;
    handler = () => ({ status: 503, body: { message: 'Haven is busy right now.', code: 'UNAVAILABLE' } });
    await checkAuth();
    expect(getSession().user?.fullName).toBe('Cai Ward');
    expect(localStorage.getItem('haven-last-user')).toContain('Cai Ward');
    expect(checks()).toBe(1);
    handler = (route) => (route === 'GET /api/auth/check' ? { status: 200, body: person({ fullName: 'Cai Ward' }) } : { status: 500, body: {} });
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(checks()).toBe(2));
    expect(getSession().user?.fullName).toBe('Cai Ward');
  });

  it("signing out takes away what the last person's screens said (a diary Undo), before the next person", async () => {
    handler = () => ({ status: 500, body: {} });
    await setUser(person());
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Sam Rivers' });
    act(() => {
      toast('Entry deleted', { id: 'diary-undo-test', duration: 60_000 });
    });
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
    await act(async () => {
      await setUser(null);
    });
    await waitFor(() => expect(screen.queryByText('Entry deleted')).toBeNull());
  });

  it('a sign-out that lands while the first navigation is still loading still sends the person on', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    handler = async (route) => {
      if (route.startsWith('GET /api/admin/')) await held;
      return { status: 503, body: { message: 'Haven is busy right now.', code: 'UNAVAILABLE' } };
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await setUser(person({ role: 'admin' }));
    const router = renderAt('/admin');
    // /admin's access check has let the admin in; its loader waits for the server, so the app's
    // shell (which listens for session changes) is not on screen yet.
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await act(async () => {
      await setUser(null);
    });
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('greets a signed-in user by name with the four cards and no Admin link', async () => {
    handler = () => ({ status: 500, body: {} });
    await setUser(person());
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam Rivers' })).toBeTruthy();
    for (const t of ['Community Chat', 'Chat with Therapist', 'Aura AI', 'My Diary']) expect(screen.getAllByText(t).length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('leaves the header off the screens that stand alone, and shows it on the rest', async () => {
    handler = () => ({ status: 500, body: {} });
    await setUser(person({ role: 'therapist', status: 'pending' }));
    renderAt('/verification-needed');
    await screen.findByRole('heading', { name: 'Verification Needed' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();
    renderAt('/settings');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    // A pending professional's header: no Aura AI (they may not enter it), and Haven leads to their waiting page.
    expect(screen.queryByRole('link', { name: 'Aura AI' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Haven' }).getAttribute('href')).toBe('/verification-needed');
  });

  it('shows the Admin link to admins only', async () => {
    handler = () => ({ status: 500, body: {} });
    await setUser(person({ role: 'admin' }));
    renderAt('/dashboard');
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('signup: the referral code is checked 500 ms after typing and labelled valid', async () => {
    await setUser(null);
    handler = (route, body) => {
      if (route === 'POST /api/auth/validate-referral') {
        return { status: 200, body: { valid: (body as { referralCode: string }).referralCode === 'GOOD-CODE' } };
      }
      return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    };
    renderAt('/signup');
    fireEvent.click(await screen.findByRole('button', { name: /Join as a regular user/ }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = screen.getByLabelText('Referral Code');
    fireEvent.change(input, { target: { value: 'GOOD-COD' } });
    fireEvent.change(input, { target: { value: 'GOOD-CODE' } });
    await act(async () => { await vi.advanceTimersByTimeAsync(400); });
    expect(calls.filter((c) => c.path === '/api/auth/validate-referral')).toHaveLength(0);
    await act(async () => { await vi.advanceTimersByTimeAsync(150); });
    await waitFor(() => expect(screen.getByText('Valid referral code')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/api/auth/validate-referral').map((c) => c.body)).toEqual([{ referralCode: 'GOOD-CODE' }]);
  });

  it('signup: a professional gets the pending toast path and no referral field; NGO label', async () => {
    await setUser(null);
    handler = (route, body) => {
      if (route === 'POST /api/auth/signup') return { status: 201, body: person({ ...(body as object), role: 'ngo', status: 'pending', verificationRequest: true }) };
      return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    };
    const router = renderAt('/signup');
    fireEvent.click(await screen.findByRole('button', { name: /Represent an organization/ }));
    expect(screen.queryByLabelText('Referral Code')).toBeNull();
    fireEvent.change(screen.getByLabelText('NGO Name'), { target: { value: 'Kind Hands' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'hello@kind.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-needed'));
    expect(await screen.findByText('Registration successful! Your account is pending verification.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/signup')?.body).toEqual({
      fullName: 'Kind Hands', email: 'hello@kind.org', password: 'secret1', role: 'ngo', referralCode: '',
    });
  });

  it('login failure shows the server message', async () => {
    await setUser(null);
    handler = () => ({ status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } });
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it("login with no server answer says signing in needs a connection (not 'Failed to login') and logs 'Network error'", async () => {
    await setUser(null);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText("Haven's server could not be reached. Signing in needs a connection: please try again.")).toBeTruthy();
    expect(screen.queryByText('Failed to login')).toBeNull();
    expect(errors).toHaveBeenCalledWith('Network error');
  });
});

