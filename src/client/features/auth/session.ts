import { useSyncExternalStore } from 'react';
import { toast } from 'react-hot-toast';
import type { AuthUser } from '../../../shared/api';
import { IMAGE_CACHE, IMAGE_EXPIRATION_DB } from '../../../shared/cache-names';
import { isPendingProfessional } from '../../../shared/limits';
import { api } from '../../net/api';
import { call } from '../../net/call';
import { gotNoAnswer } from '../../net/errors';
import { startEngine, stopEngine } from '../../sync/current';

/**
 * The signed-in person, shared by every screen. `checking` is true until the start-up check ends.
 * `offline` is true when the check could not reach the server and the last signed-in person's
 * cached profile was used, so the app opens and works from the local store.
 */
export interface Session {
  user: AuthUser | null;
  checking: boolean;
  offline: boolean;
}

/** The last signed-in person's own profile, for opening the app without a network. */
const LAST_USER_KEY = 'haven-last-user';

let session: Session = { user: null, checking: true, offline: false };
const listeners = new Set<() => void>();
let markChecked: () => void = () => {};
const checked = new Promise<void>((resolve) => {
  markChecked = resolve;
});

function emit(next: Session) {
  session = next;
  if (!next.checking) markChecked();
  for (const l of listeners) l();
}

/** The session once the start-up check has ended (at once after that): what route guards decide on. */
export async function whenSessionChecked(): Promise<Session> {
  await checked;
  return session;
}

export function getSession(): Session {
  return session;
}

function readCachedUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

/** A 401 from the outbox or the socket: signed out, but every queued row stays for the same person's next sign-in. */
function sessionEnded() {
  if (!session.user) return;
  setUser(null);
  toast('Your session has ended. Please log in again; your unsent messages are kept.');
}

/**
 * Pending professionals keep their local diary but get no socket and no sync (spec section 4);
 * everyone else gets the whole engine.
 */
function syncFor(user: AuthUser | null) {
  if (!user) {
    stopEngine();
    return;
  }
  startEngine(user, { api, onUnauthorized: sessionEnded, realtime: !isPendingProfessional(user) });
}

export function setUser(user: AuthUser | null, offline = false) {
  if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(LAST_USER_KEY);
  syncFor(user);
  emit({ user, checking: false, offline });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Signed-in views only render with a user; this narrows the type for them. */
export function useUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside a signed-in route');
  return user;
}

/**
 * The spec's auth check at app start. A 401 means signed out. No answer at all means offline:
 * the last signed-in person carries on from the local store, and the check runs again when the
 * browser comes back online.
 */
export async function checkAuth(): Promise<void> {
  try {
    setUser(await call('check'));
  } catch (error) {
    const cached = readCachedUser();
    if (!gotNoAnswer(error) || !cached) {
      setUser(null);
      return;
    }
    setUser(cached, true);
    globalThis.addEventListener('online', () => void checkAuth(), { once: true });
  }
}

export async function logout(): Promise<void> {
  await call('logout');
  setUser(null);
  // Viewed images are cached for offline use (sw/image-cache.ts); a person's go with them, and so
  // does the record of which images they viewed.
  await globalThis.caches?.delete(IMAGE_CACHE).catch(() => false);
  globalThis.indexedDB?.deleteDatabase(IMAGE_EXPIRATION_DB);
}
