/**
 * Signing out (docs/decisions/earlier.md, "Shared devices"): the confirmation with "Also remove my
 * data from this device", the removal of the person's database and keys, and a sign-out made
 * offline that the server is told about when the browser is back online (and that the start-up
 * check respects). The real app on a memory history, its network answered by a stub; fake-indexeddb
 * underneath.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeLocalData, retryPendingRemovals } from '../../src/client/features/auth/localData';
import { LOCAL_KEYS } from '../../src/client/state/local-keys';
import { checkAuth, getSession, logout, setUser } from '../../src/client/features/auth/session';
import { OFFLINE_SIGN_OUT_NOTE } from '../../src/client/features/auth/useLogout';
import { HavenDb } from '../../src/client/db/database';
import { routeTree } from '../../src/client/routeTree.gen';
import { currentEngine } from '../../src/client/sync/current';
import type { AuthUser } from '../../src/shared/api';
import { SESSION_HINT_COOKIE } from '../../src/shared/session-hint';

type Answer = { status: number; body: unknown } | 'no answer';
let handler: (route: string) => Answer;
const calls: string[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ok = { status: 200, body: { message: 'Logged out successfully' } };
const offline = (): Answer => 'no answer';

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  handler = () => ok;
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const route = `${req.method} ${new URL(req.url).pathname}`;
    calls.push(route);
    const answer = handler(route);
    if (answer === 'no answer') throw new TypeError('Failed to fetch');
    return json(answer.status, answer.body);
  });
});

afterEach(async () => {
  cleanup();
  toast.remove();
  await setUser(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let n = 0;
/** A pending professional: the whole local store (diary, outbox) but no socket, so jsdom opens none. */
function person(): AuthUser {
  n += 1;
  return {
    _id: `${Date.now().toString(16).padStart(12, '0')}${String(n).padStart(12, '0')}`, fullName: 'Robin Vale', email: 'robin@example.com',
    role: 'therapist', status: 'pending', profilePic: '', referralCode: null, referredBy: null, verificationRequest: true,
    verificationMessage: 'Licensed counsellor', createdAt: '2026-01-02T03:04:05.000Z',
  };
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

/** Signs `user` in and writes a diary entry and `queued` outbox rows into their database. */
async function signedInWithData(user: AuthUser, queued = 0): Promise<void> {
  await setUser(user);
  const db = currentEngine()!.db;
  await db.diary.add({ id: '1767312000000', title: 'Tuesday', content: 'A calm walk.', date: '2026-01-02T00:00:00.000Z' });
  for (let i = 0; i < queued; i++) {
    await db.outbox.add({
      messageKey: `${user._id}:c${i}`, request: { kind: 'direct', to: 'someone', text: `hi ${i}`, clientId: `c${i}` },
      status: 'queued', attempts: 0, nextAttemptAt: 0, error: null,
    });
  }
}

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
  return screen.findByRole('dialog', { name: 'Log out?' });
}

describe('logout (session)', () => {
  it('online, without removal: the server is told, the image caches go, the database stays', async () => {
    const user = person();
    await signedInWithData(user);
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleteCache });
    await expect(logout()).resolves.toEqual({ offline: false, removed: true });
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(getSession().user).toBeNull();
    expect(currentEngine()).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.lastUser)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull();
    expect(deleteCache).toHaveBeenCalledWith('haven-images-v1');
    expect(await databaseNames()).toContain(`haven-${user._id}`);
    // The same person's next sign-in finds their diary.
    await setUser(user);
    expect(await currentEngine()!.db.diary.count()).toBe(1);
  });

  it('with removal: the database (diary, outbox) and every key naming the person go; device keys stay', async () => {
    const user = person();
    await signedInWithData(user, 2);
    localStorage.setItem(`haven-draft-${user._id}`, 'half a sentence');
    localStorage.setItem(LOCAL_KEYS.crisisResources, '[{"name":"Kept Line"}]');
    localStorage.setItem(LOCAL_KEYS.theme, 'forest');
    await expect(logout({ removeData: true })).resolves.toEqual({ offline: false, removed: true });
    expect(await databaseNames()).not.toContain(`haven-${user._id}`);
    expect(localStorage.getItem(`haven-draft-${user._id}`)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.lastUser)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.pendingRemoval)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.crisisResources)).toBe('[{"name":"Kept Line"}]');
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('forest');
    // Signing in again starts from an empty store.
    await setUser(user);
    expect(await currentEngine()!.db.diary.count()).toBe(0);
    expect(await currentEngine()!.db.outbox.count()).toBe(0);
  });

  it('a database still held open elsewhere is deleted once it is let go, and again at the next start if need be', async () => {
    const user = person();
    await signedInWithData(user);
    // Another connection that ignores versionchange (a raw one, not Dexie) blocks the deletion.
    const other = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`haven-${user._id}`);
      req.addEventListener('success', () => resolve(req.result));
      req.addEventListener('error', () => reject(req.error));
    });
    await setUser(null);
    await expect(removeLocalData(user._id, 50)).resolves.toBe(false);
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.pendingRemoval) ?? '[]')).toEqual([user._id]);
    other.close();
    await retryPendingRemovals(1000);
    expect(localStorage.getItem(LOCAL_KEYS.pendingRemoval)).toBeNull();
    expect(await databaseNames()).not.toContain(`haven-${user._id}`);
  });

  it('a server failure (500) keeps the person signed in and owes the server nothing', async () => {
    const user = person();
    await signedInWithData(user);
    handler = () => ({ status: 500, body: { message: 'Something went wrong on our side.', code: 'INTERNAL' } });
    await expect(logout({ removeData: true })).rejects.toThrow();
    expect(getSession().user?._id).toBe(user._id);
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull();
    expect(await currentEngine()!.db.diary.count()).toBe(1);
  });

  it('offline: signed out on the device at once, and the server is told at the next online event', async () => {
    const user = person();
    await signedInWithData(user);
    handler = offline;
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    await expect(logout()).resolves.toEqual({ offline: true, removed: true });
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
    // No hint left: the next start's shell does not have the session checked before the sign-out is sent.
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);
    // Still offline: an online event that finds no network keeps it for later.
    globalThis.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls.filter((c) => c === 'POST /api/auth/logout')).toHaveLength(2));
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
    handler = () => ok;
    globalThis.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull());
    expect(calls.filter((c) => c === 'POST /api/auth/logout')).toHaveLength(3);
    // Told once: later online events send nothing more.
    globalThis.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c === 'POST /api/auth/logout')).toHaveLength(3);
  });

  it('offline with removal: the data goes at once too', async () => {
    const user = person();
    await signedInWithData(user, 1);
    handler = offline;
    await expect(logout({ removeData: true })).resolves.toEqual({ offline: true, removed: true });
    expect(await databaseNames()).not.toContain(`haven-${user._id}`);
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
  });

  it('the start-up check sends a pending sign-out first and never signs the person back in from the cookie', async () => {
    const user = person();
    localStorage.setItem(LOCAL_KEYS.pendingSignOut, new Date().toISOString());
    // The cookie is still valid: /auth/check would answer the person.
    handler = (route) => (route === 'GET /api/auth/check' ? { status: 200, body: user } : ok);
    await checkAuth();
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(getSession()).toMatchObject({ user: null, checking: false });
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull();
  });

  it('the start-up check while still offline stays signed out, even with a cached profile, and tells the server later', async () => {
    const user = person();
    localStorage.setItem(LOCAL_KEYS.pendingSignOut, new Date().toISOString());
    localStorage.setItem(LOCAL_KEYS.lastUser, JSON.stringify(user));
    handler = offline;
    await checkAuth();
    expect(getSession()).toMatchObject({ user: null, checking: false });
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
    handler = (route) => (route === 'GET /api/auth/check' ? { status: 200, body: user } : ok);
    globalThis.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull());
    expect(getSession().user).toBeNull();
    expect(calls).not.toContain('GET /api/auth/check');
  });

  it('a server failure on the pending sign-out keeps it pending; a new sign-in makes it needless', async () => {
    localStorage.setItem(LOCAL_KEYS.pendingSignOut, new Date().toISOString());
    handler = () => ({ status: 503, body: { message: 'Busy', code: 'UNAVAILABLE' } });
    await checkAuth();
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
    // LoginPage signs in with setUser: the login itself ended the browser's previous session.
    await setUser(person());
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).toBeNull();
  });

  it('signing out in another tab signs this one out too', async () => {
    await signedInWithData(person());
    await act(async () => {
      globalThis.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.lastUser, oldValue: '{}', newValue: null }));
    });
    expect(getSession().user).toBeNull();
    expect(currentEngine()).toBeNull();
  });
});

describe('the Logout dialog', () => {
  it('asks first; Cancel and Escape keep the person signed in, with focus back on the button', async () => {
    await signedInWithData(person());
    renderAt('/verification-needed');
    const opener = await screen.findByRole('button', { name: 'Log out' });
    opener.focus();
    let dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Log out' });
    expect(document.activeElement).toBe(confirm);
    const box = within(dialog).getByRole('checkbox', { name: 'Also remove my data from this device' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(/shared or borrowed phone.*diary, safety plan, saved messages and photos/);
    expect(within(dialog).getByRole('link', { name: 'export your diary' }).getAttribute('href')).toBe('/diary');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    dialog = await openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContain('POST /api/auth/logout');
    expect(getSession().user).not.toBeNull();
  });

  it('ticked with messages still queued, it says how many will be lost; confirming removes the data and goes to /login', async () => {
    const user = person();
    await signedInWithData(user, 3);
    const router = renderAt('/verification-needed');
    const dialog = await openDialog();
    expect(dialog.textContent).not.toContain('will be lost');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also remove my data from this device' }));
    expect(await within(dialog).findByText('3 messages have not been sent yet and will be lost.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(calls).toContain('POST /api/auth/logout');
    await waitFor(async () => expect(await databaseNames()).not.toContain(`haven-${user._id}`));
  });

  it('one queued message is counted in the singular; unticked, no warning and the data stays', async () => {
    const user = person();
    await signedInWithData(user, 1);
    const router = renderAt('/verification-needed');
    const dialog = await openDialog();
    const box = within(dialog).getByRole('checkbox', { name: 'Also remove my data from this device' });
    fireEvent.click(box);
    expect(await within(dialog).findByText('1 message has not been sent yet and will be lost.')).toBeTruthy();
    fireEvent.click(box);
    expect(dialog.textContent).not.toContain('will be lost');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await databaseNames()).toContain(`haven-${user._id}`);
    const db = new HavenDb(user._id);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('offline: signs out anyway with the calm note', async () => {
    await signedInWithData(person());
    handler = offline;
    const router = renderAt('/verification-needed');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(await screen.findByText(OFFLINE_SIGN_OUT_NOTE)).toBeTruthy();
    expect(localStorage.getItem(LOCAL_KEYS.pendingSignOut)).not.toBeNull();
  });

  it("a server failure shows its message (or 'Failed to log out') and the dialog stays for another try", async () => {
    const user = person();
    await signedInWithData(user);
    handler = () => ({ status: 500, body: {} });
    renderAt('/verification-needed');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also remove my data from this device' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Failed to log out')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Log out' }) as HTMLButtonElement).disabled).toBe(false));
    expect(getSession().user?._id).toBe(user._id);
    expect(await databaseNames()).toContain(`haven-${user._id}`);
  });
});
