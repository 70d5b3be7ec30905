import { useSyncExternalStore } from 'react';
import { toast } from 'react-hot-toast';
import type { AuthUser } from '../../../shared/api';
import { isPendingProfessional } from '../../../shared/limits';
import { SESSION_HINT_COOKIE } from '../../../shared/session-hint';
import { api } from '../../net/api';
import { call, pathOf } from '../../net/call';
import { classify, gotNoAnswer } from '../../net/errors';
import { onSessionRefused } from '../../net/refusals';
import { runsFor, startEngine, stopEngine } from '../../sync/current';
import { clearImageCaches, forgetPendingRemoval, LAST_USER_KEY, removeLocalData, retryPendingRemovals } from './localData';
import {
  clearSignOutPending, LOGOUT_TIMEOUT_MS, markSignOutPending, sendPendingSignOut, sendPendingSignOutWhenOnline, signOutPending,
} from './pendingSignOut';

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

let session: Session = { user: null, checking: true, offline: false };
const listeners = new Set<() => void>();
let markChecked: () => void = () => {};
const checked = new Promise<void>((resolve) => {
  markChecked = resolve;
});

/** Resolved once a person is shown (a returning person's cached shell) or the check has ended. */
let markKnown: () => void = () => {};
const someoneShown = new Promise<void>((resolve) => {
  markKnown = resolve;
});

function emit(next: Session) {
  session = next;
  if (!next.checking) markChecked();
  // A person is on screen (the cached shell, or the checked session): guards may decide now.
  if (next.user || !next.checking) markKnown();
  for (const l of listeners) l();
}

/**
 * What a route guard may decide on without waiting for the network: the checked session, or
 * during the start-up check the returning person's cached shell. A browser with no session
 * cookie at all is decided at once (checkAuth asks nothing, see hasSessionHint), so the sign-in
 * screen opens without waiting; one that holds a cookie but remembers nobody waits for the answer.
 */
export async function whenSessionKnown(): Promise<Session> {
  if (session.checking) await (readCachedUser() ? someoneShown : checked);
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

/**
 * The server refused this browser's session (a 401 from the outbox, the socket, or any call the
 * check confirmed): signed out, but every queued row stays for the same person's next sign-in.
 */
function sessionEnded() {
  if (!session.user) return;
  forgetSessionHint();
  void setUser(null);
  toast('Your session has ended. Please log in again; your unsent messages are kept.');
}

let confirming: Promise<void> | null = null;

/**
 * A call was refused with a 401: the session may have ended elsewhere (sign out everywhere, a
 * password change or reset, idle expiry, a deleted account). The check decides, once for a burst
 * of refusals, and only if nobody signed in or out meanwhile: a late answer to a request sent
 * with an older cookie must not sign out the person signed in now.
 */
function confirmSessionEnded(): Promise<void> {
  confirming ??= (async () => {
    const asked = change;
    try {
      await call('check');
    } catch (error) {
      if (change === asked && classify(error).status === 401) sessionEnded();
    }
  })().finally(() => {
    confirming = null;
  });
  return confirming;
}

const CHECK_PATH = `/api/${pathOf('check')}`;
onSessionRefused((url) => {
  // The check's own 401 is handled by whoever asked (checkAuth, the engine, the confirmation).
  if (session.user && new URL(url, globalThis.location?.href).pathname !== CHECK_PATH) void confirmSessionEnded();
});

/**
 * Pending professionals keep their local diary but get no socket and no sync (spec section 4);
 * everyone else gets the whole engine. Null when nothing needs loading (signed out, or the same
 * engine carries on), else the engine's start: its module is fetched on the first sign-in.
 */
function syncFor(user: AuthUser | null): Promise<unknown> | null {
  if (!user) {
    stopEngine();
    return null;
  }
  const realtime = !isPendingProfessional(user);
  const instant = runsFor(user, realtime);
  const started = startEngine(user, { api, onUnauthorized: sessionEnded, realtime });
  return instant ? null : started;
}

/** How soon a start-up check that met a server error is asked again. */
const CHECK_RETRY_MS = 30_000;

/** Bumped by every change: a sign-in whose engine arrives after a newer change is not shown. */
let change = 0;

/**
 * Shows a person (or nobody). A signed-in person is shown once their engine runs, so a screen
 * never renders without its database; the promise resolves then.
 */
function apply(user: AuthUser | null, next: Omit<Session, 'user'>): Promise<void> {
  const mine = ++change;
  const ready = syncFor(user);
  const show = () => {
    if (mine === change) emit({ user, ...next });
  };
  if (!ready) {
    show();
    return Promise.resolve();
  }
  return ready.then(show, (error: unknown) => {
    // The engine's chunk failed to load (a broken deploy): the screens say so through their error state.
    console.error('Could not start the sync engine', error);
    show();
  });
}

export function setUser(user: AuthUser | null, offline = false): Promise<void> {
  // Nobody is signed in here any more, however the app learnt it (Log out, a refused session, the
  // start-up check, another tab): the viewed photos go. Asked first, so the service worker stops
  // answering from its cache before the screens change.
  const imagesCleared = user ? null : clearImageCaches();
  if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(LAST_USER_KEY);
  // What one person's screens said (an Undo for their diary entry) must not stay for the next.
  if (!user && session.user) toast.remove();
  if (user && !offline) {
    // A sign-in ended the browser's previous session on the server: an offline sign-out owes it nothing
    // more, and this person's database is theirs again.
    clearSignOutPending();
    forgetPendingRemoval(user._id);
  }
  const shown = apply(user, { checking: false, offline });
  return imagesCleared ? Promise.all([shown, imagesCleared]).then(() => undefined) : shown;
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

function hasSessionHint(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
}

/** The server refused the session: the next start need not ask again. */
function forgetSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * The spec's auth check at app start. A 401 means signed out. No answer at all means offline:
 * the last signed-in person carries on from the local store, and the check runs again when the
 * browser comes back online. A sign-out made offline is sent first: while the server has not
 * been told, the still-valid cookie must not sign the person back in.
 */
export async function checkAuth(): Promise<void> {
  void retryPendingRemovals();
  if (signOutPending()) {
    const told = await sendPendingSignOut();
    if (!told) sendPendingSignOutWhenOnline();
    setUser(null);
    return;
  }
  // A returning person sees their own screens at once, from the local store; the answer refines it.
  const returning = session.checking ? readCachedUser() : null;
  if (returning) void apply(returning, { checking: true, offline: false });
  if (!readCachedUser() && !hasSessionHint()) {
    // Nobody remembered and no session cookie in this browser: the server could only answer 401.
    setUser(null);
    return;
  }
  // Screens are open while the check runs: a sign-in or sign-out made meanwhile is newer than its
  // answer (which the old cookie produced), so that answer must not undo it.
  const asked = change;
  try {
    const user = await call('check');
    if (change === asked) setUser(user);
  } catch (error) {
    if (change !== asked) return;
    const cached = readCachedUser();
    const status = classify(error).status;
    if (cached && status !== null && status >= 500) {
      // The server is there but failing (a restart, a deploy): the person keeps their screens
      // from the device, and the check is asked again shortly.
      if (!session.user) setUser(cached, true);
      setTimeout(() => void checkAuth(), CHECK_RETRY_MS);
      return;
    }
    if (!gotNoAnswer(error) || !cached) {
      if (status === 401) forgetSessionHint();
      setUser(null);
      return;
    }
    setUser(cached, true);
    globalThis.addEventListener('online', () => void checkAuth(), { once: true });
  }
}

export interface LogoutOptions {
  /** "Also remove my data from this device": the person's database and per-person keys go too. */
  removeData?: boolean;
}

export interface LogoutResult {
  /** The server could not be reached: signed out on this device, the server is told when back online. */
  offline: boolean;
  /** With removeData: false when the database could not be deleted yet (it is tried again at the next start). */
  removed: boolean;
}

/**
 * Signs out. A server answer other than success (a 500) throws and the person stays signed in;
 * no answer at all signs out on this device anyway and remembers to tell the server. Then the
 * image caches go and the engine stops (closing the person's database), and with `removeData`
 * the person's database and keys go too.
 */
export async function logout({ removeData = false }: LogoutOptions = {}): Promise<LogoutResult> {
  const user = session.user;
  let offline = false;
  try {
    await call('logout', {}, { timeout: LOGOUT_TIMEOUT_MS });
  } catch (error) {
    if (!gotNoAnswer(error)) throw error;
    offline = true;
    markSignOutPending();
  }
  await setUser(null);
  const removed = removeData && user ? await removeLocalData(user._id) : true;
  return { offline, removed };
}

/**
 * Signing out in one tab signs every tab out (they share the cookie). Without this, another tab
 * would keep the person's database open and, after a removal, make it again.
 */
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== LAST_USER_KEY || event.newValue !== null || !session.user) return;
  setUser(null);
  toast('You were logged out in another tab.');
});
