/**
 * However the app learns that nobody is signed in any more (a 401 from any call, the outbox or the
 * socket, the start-up check answering 401 for the remembered person, Log out), the viewed-photo
 * cache and workbox-expiration's records go (docs/decisions/photos-on-session-end.md). The service
 * worker is asked first, in the same task, so it stops answering from its cache before the screens
 * change; without a worker that answers, the page deletes the expiration database itself. The real
 * session module on jsdom, its network answered by a stub; fake-indexeddb underneath.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKER_CLEAR_WAIT_MS } from '../../src/client/features/auth/localData';
import { LOCAL_KEYS } from '../../src/client/state/local-keys';
import { checkAuth, getSession, setUser } from '../../src/client/features/auth/session';
import { call } from '../../src/client/net/call';
import type { AuthUser } from '../../src/shared/api';
import { IMAGE_CACHE, IMAGE_EXPIRATION_DB } from '../../src/shared/cache-names';
import { CLEAR_IMAGES_MESSAGE, CLEARED_REPLY } from '../../src/shared/worker-messages';
import { SESSION_HINT_COOKIE } from '../../src/shared/session-hint';

const UNAUTHENTICATED = { status: 401, body: { message: 'Unauthorized - please log in', code: 'UNAUTHENTICATED' } };
type Answer = { status: number; body: unknown };
let answer: (route: string) => Answer;
const calls: string[] = [];
const deletedCaches: string[] = [];

beforeEach(async () => {
  localStorage.clear();
  calls.length = 0;
  deletedCaches.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('caches', { delete: async (name: string) => { deletedCaches.push(name); return true; } });
  vi.stubGlobal('fetch', async (input: Request) => {
    const route = `${input.method} ${new URL(input.url).pathname}`;
    calls.push(route);
    const { status, body } = answer(route);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  await viewedPhotoRecorded();
});

afterEach(async () => {
  // The stubs go first: a silent test worker would hold this sign-out for its whole wait.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setUser(null);
  toast.remove();
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
});

let n = 0;
/** A pending professional: the whole local store but no socket, so jsdom opens none. */
function person(): AuthUser {
  n += 1;
  return {
    _id: `5e551011${String(n).padStart(16, '0')}`, fullName: 'Robin Vale', email: 'robin@example.com',
    role: 'therapist', status: 'pending', profilePic: '/uploads/robin.png', referralCode: null, referredBy: null,
    verificationRequest: true, verificationMessage: 'Licensed counsellor', createdAt: '2026-01-02T03:04:05.000Z',
  };
}

/** workbox-expiration's database as the worker leaves it after a photo was viewed. */
async function viewedPhotoRecorded(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(IMAGE_EXPIRATION_DB, 1);
    open.addEventListener('upgradeneeded', () => open.result.createObjectStore('cache-entries', { keyPath: 'id' }));
    open.addEventListener('success', () => resolve(open.result));
    open.addEventListener('error', () => reject(open.error));
  });
  const put = db.transaction('cache-entries', 'readwrite').objectStore('cache-entries')
    .put({ id: `${IMAGE_CACHE}|http://localhost/uploads/robin.png`, url: 'http://localhost/uploads/robin.png', cacheName: IMAGE_CACHE, timestamp: Date.now() });
  await new Promise((resolve) => put.addEventListener('success', resolve));
  db.close();
}

const expirationDbExists = async () => (await indexedDB.databases()).some((d) => d.name === IMAGE_EXPIRATION_DB);

async function expectPhotosGone(): Promise<void> {
  await vi.waitFor(async () => {
    expect(deletedCaches).toContain(IMAGE_CACHE);
    expect(await expirationDbExists()).toBe(false);
  });
}

describe('a session that ended elsewhere clears the viewed photos', () => {
  it('a 401 from any call, confirmed by the check: signed out, and the photos gone', async () => {
    const robin = person();
    await setUser(robin);
    deletedCaches.length = 0;
    answer = () => UNAUTHENTICATED;
    await expect(call('sessions')).rejects.toThrow();
    await vi.waitFor(() => expect(getSession().user).toBeNull());
    expect(calls).toEqual(['GET /api/auth/sessions', 'GET /api/auth/check']);
    await expectPhotosGone();
    expect(localStorage.getItem(LOCAL_KEYS.lastUser)).toBeNull();
  });

  it('a 401 the check does not confirm (an answer to an older cookie) signs nobody out and keeps the photos', async () => {
    const robin = person();
    await setUser(robin);
    deletedCaches.length = 0;
    answer = (route) => (route === 'GET /api/auth/check' ? { status: 200, body: robin } : UNAUTHENTICATED);
    await Promise.all([call('sessions').catch(() => null), call('sessions').catch(() => null)]);
    await vi.waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/check')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getSession().user?._id).toBe(robin._id);
    expect(deletedCaches).toEqual([]);
    expect(await expirationDbExists()).toBe(true);
  });

  it('a wrong password (INVALID_CREDENTIALS) is not a session that ended', async () => {
    const robin = person();
    await setUser(robin);
    deletedCaches.length = 0;
    answer = () => ({ status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } });
    await expect(call('changePassword', { body: { currentPassword: 'wrong-one', newPassword: 'a-new-password' } })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['PUT /api/auth/password']);
    expect(getSession().user?._id).toBe(robin._id);
    expect(deletedCaches).toEqual([]);
  });

  it('the start-up check answering 401 for the remembered person', async () => {
    const robin = person();
    localStorage.setItem(LOCAL_KEYS.lastUser, JSON.stringify(robin));
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    answer = () => UNAUTHENTICATED;
    await checkAuth();
    expect(getSession().user).toBeNull();
    await expectPhotosGone();
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);
  });
});

describe('with a service worker', () => {
  /** A controller that records what it is told, answering on the port unless `silent` (an older worker). */
  function worker(silent = false) {
    const told: { message: unknown; shown: string | null }[] = [];
    const controller = {
      postMessage: (message: unknown, transfer: MessagePort[]) => {
        // Who the screens showed when the question left.
        told.push({ message, shown: getSession().user?._id ?? null });
        if (!silent) transfer[0]?.postMessage(CLEARED_REPLY);
      },
    };
    const serviceWorker = { controller, getRegistration: async () => undefined, addEventListener: () => {}, removeEventListener: () => {} };
    vi.stubGlobal('navigator', { ...navigator, serviceWorker });
    return told;
  }

  it('is asked in the same task as the sign-out, before the screens change, and empties the records itself', async () => {
    const robin = person();
    await setUser(robin);
    const told = worker();
    const signedOut = setUser(null);
    expect(told).toEqual([{ message: CLEAR_IMAGES_MESSAGE, shown: robin._id }]);
    await signedOut;
    expect(getSession().user).toBeNull();
    expect(deletedCaches).toContain(IMAGE_CACHE);
    // The worker answered: the page left workbox's database to it (it holds the connection).
    expect(await expirationDbExists()).toBe(true);
  });

  it('an older worker that does not answer: the page deletes the expiration database itself', async () => {
    const robin = person();
    await setUser(robin);
    const told = worker(true);
    const started = Date.now();
    await setUser(null);
    expect(told.map((t) => t.message)).toEqual([CLEAR_IMAGES_MESSAGE]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WORKER_CLEAR_WAIT_MS - 50);
    await expectPhotosGone();
  });
});
