/**
 * A sign-out made while offline: the device is signed out at once, and the server is told when the
 * browser is next online (the `online` event, or the next start, before the session check). The
 * session cookie is HttpOnly and stays in the browser until then, so the later
 * `POST /api/auth/logout` ends exactly that session. Nothing about the person is kept: the key
 * only holds when the sign-out was made.
 */
import { call } from '../../net/call';
import { LOCAL_KEYS } from '../../state/local-keys';

/** A logout that hangs (a half-open connection) counts as no answer after this long. */
export const LOGOUT_TIMEOUT_MS = 10_000;

export function signOutPending(): boolean {
  try {
    return localStorage.getItem(LOCAL_KEYS.pendingSignOut) !== null;
  } catch {
    return false;
  }
}

export function markSignOutPending(): void {
  localStorage.setItem(LOCAL_KEYS.pendingSignOut, new Date().toISOString());
  sendPendingSignOutWhenOnline();
}

/** A sign-in (which ends the browser's previous session on the server) makes it needless. */
export function clearSignOutPending(): void {
  localStorage.removeItem(LOCAL_KEYS.pendingSignOut);
}

let inFlight: Promise<boolean> | null = null;

/**
 * Sends the remembered sign-out, once at a time. True when there is nothing left to send (the
 * server has ended the session, or nothing was pending); false when it must wait.
 */
export function sendPendingSignOut(): Promise<boolean> {
  if (!signOutPending()) return Promise.resolve(true);
  inFlight ??= (async () => {
    try {
      await call('logout', {}, { timeout: LOGOUT_TIMEOUT_MS });
      clearSignOutPending();
      return true;
    } catch {
      // Only Haven's own success counts: no answer, a server failure, or a 4xx from something in
      // between (a captive portal, a proxy) leaves the session alive, so it is asked again later.
      return false;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

let listening = false;

function onOnline() {
  void sendPendingSignOut().then((done) => {
    if (done) stopListening();
  });
}

function onVisible() {
  if (globalThis.document?.visibilityState === 'visible') onOnline();
}

function stopListening() {
  if (!listening) return;
  listening = false;
  globalThis.removeEventListener('online', onOnline);
  globalThis.document?.removeEventListener('visibilitychange', onVisible);
}

/**
 * Keeps trying at every `online` event, and whenever the app comes back into view (the network
 * may have been up all along while the server was down, and then no `online` event comes), until
 * the server has been told.
 */
export function sendPendingSignOutWhenOnline(): void {
  if (listening || !signOutPending()) return;
  listening = true;
  globalThis.addEventListener('online', onOnline);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
}
