import { toast } from 'react-hot-toast';
import type { AuthUser } from '../../../shared/api';
import { isPendingProfessional } from '../../../shared/limits';
import { SESSION_HINT_COOKIE } from '../../../shared/session-hint';
import { api } from '../../net/api';
import { call, pathOf } from '../../net/call';
import { classify, gotNoAnswer } from '../../net/errors';
import { onSessionRefused } from '../../net/refusals';
import { runsFor, startEngine, stopEngine } from '../../sync/current';
import { createStore, useStore, waitFor } from '../../state/store';
import { whenIdle } from '../../state/idle';
import { clearImageCaches, forgetPendingRemoval, removeLocalData, retryPendingRemovals } from './localData';
import { LOCAL_KEYS } from '../../state/local-keys';
import {
  clearSignOutPending, LOGOUT_TIMEOUT_MS, markSignOutPending, sendPendingSignOut, sendPendingSignOutWhenOnline, signOutPending,
} from './pendingSignOut';
import { INITIAL_SESSION, knownEnough, transition, viewOf, type Session, type SessionEvent } from './session-machine';

export type { Session } from './session-machine';

/** The machine's state; screens read its view (below), which changes only when what they show does. */
let state = INITIAL_SESSION;
const sameView = (a: Session, b: Session) => a.user === b.user && a.checking === b.checking && a.offline === b.offline;
const view = createStore<Session>(viewOf(state), sameView);

function dispatch(event: SessionEvent): void {
  state = transition(state, event);
  view.set(viewOf(state));
}

/**
 * What a route guard may decide on without waiting for the network: the checked session, or
 * during the start-up check the returning person's cached shell. A browser with no session
 * cookie at all is decided at once (checkAuth asks nothing, see hasSessionHint), so the sign-in
 * screen opens without waiting; one that holds a cookie but remembers nobody waits for the answer.
 */
export async function whenSessionKnown(): Promise<Session> {
  const remembers = readCachedUser() !== null;
  return waitFor(view, () => knownEnough(state, remembers));
}

export const getSession = view.get;

function readCachedUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.lastUser);
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
  if (!state.user) return;
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
    const asked = state.version;
    try {
      await call('check');
    } catch (error) {
      if (state.version === asked && classify(error).status === 401) sessionEnded();
    }
  })().finally(() => {
    confirming = null;
  });
  return confirming;
}

const CHECK_PATH = `/api/${pathOf('check')}`;
onSessionRefused((url) => {
  // The check's own 401 is handled by whoever asked (checkAuth, the engine, the confirmation).
  if (state.user && new URL(url, globalThis.location?.href).pathname !== CHECK_PATH) void confirmSessionEnded();
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

/** The longest a sign-in's notifications wait for an idle moment before resuming on this device. */
const RESUME_WITHIN_MS = 3000;
const noResume = () => {};
/** Cancels a sign-in's notifications resume still waiting for an idle moment. */
let cancelResume = noResume;

/** How soon a start-up check that met a server error is asked again. */
const CHECK_RETRY_MS = 30_000;

type Change = { type: 'shell-shown'; user: AuthUser } | { type: 'signed-in'; user: AuthUser; offline: boolean } | { type: 'signed-out' };

/**
 * Shows a person (or nobody). A signed-in person is shown once their engine runs, so a screen
 * never renders without its database; the promise resolves then. A newer change begun meanwhile
 * makes this one stale (see session-machine.ts).
 */
function apply(change: Change): Promise<void> {
  dispatch({ type: 'begin' });
  const { version } = state;
  const ready = syncFor(change.type === 'signed-out' ? null : change.user);
  const show = () => dispatch({ ...change, version });
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
  // Someone new to this tab's session (a sign-in, not a returning person's start-up check or a
  // profile update): notifications on this device follow them into it (loaded only then).
  // Once the screen is drawn and the browser idle: nothing on the first screen waits for it. A
  // sign-out or another sign-in meanwhile drops it, so it never runs for someone no longer here.
  cancelResume();
  cancelResume = noResume;
  if (user && !offline && readCachedUser()?._id !== user._id) {
    cancelResume = whenIdle(() => {
      // Another tab may have signed someone else in since (they share the remembered person).
      if (readCachedUser()?._id !== user._id) return;
      void import('../notifications/device').then((m) => m.resume()).catch((error: unknown) => console.error('Haven: notifications not resumed', error));
    }, RESUME_WITHIN_MS);
  }
  if (user) localStorage.setItem(LOCAL_KEYS.lastUser, JSON.stringify(user));
  else localStorage.removeItem(LOCAL_KEYS.lastUser);
  // What one person's screens said (an Undo for their diary entry) must not stay for the next.
  if (!user && state.user) toast.remove();
  if (user && !offline) {
    // A sign-in ended the browser's previous session on the server: an offline sign-out owes it nothing
    // more, and this person's database is theirs again.
    clearSignOutPending();
    forgetPendingRemoval(user._id);
  }
  const shown = apply(user ? { type: 'signed-in', user, offline } : { type: 'signed-out' });
  return imagesCleared ? Promise.all([shown, imagesCleared]).then(() => undefined) : shown;
}

export const subscribeSession = view.subscribe;

export function useSession(): Session {
  return useStore(view);
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
  const returning = state.phase === 'checking' ? readCachedUser() : null;
  if (returning) void apply({ type: 'shell-shown', user: returning });
  if (!readCachedUser() && !hasSessionHint()) {
    // Nobody remembered and no session cookie in this browser: the server could only answer 401.
    setUser(null);
    return;
  }
  // Screens are open while the check runs: a sign-in or sign-out made meanwhile is newer than its
  // answer (which the old cookie produced), so that answer must not undo it.
  const asked = state.version;
  try {
    const user = await call('check');
    if (state.version === asked) setUser(user);
  } catch (error) {
    if (state.version !== asked) return;
    const cached = readCachedUser();
    const status = classify(error).status;
    if (cached && status !== null && status >= 500) {
      // The server is there but failing (a restart, a deploy): the person keeps their screens
      // from the device, and the check is asked again shortly.
      if (!state.user) setUser(cached, true);
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
  const { user } = state;
  let offline = false;
  try {
    await call('logout', {}, { timeout: LOGOUT_TIMEOUT_MS });
  } catch (error) {
    if (!gotNoAnswer(error)) throw error;
    offline = true;
    markSignOutPending();
    // The next start sends the sign-out before anything else: the server must not be asked about
    // this session first, which the hint would have it do (the shell's header, http/static.ts).
    forgetSessionHint();
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
  if (event.key !== LOCAL_KEYS.lastUser || event.newValue !== null || !state.user) return;
  setUser(null);
  toast('You were logged out in another tab.');
});
