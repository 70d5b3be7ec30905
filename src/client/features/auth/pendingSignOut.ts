/**
 * A sign-out made while offline: the device is signed out at once, and the server is told when the
 * browser is next online (the `online` event, or the next start, before the session check). The
 * session cookie is HttpOnly and stays in the browser until then, so the later
 * `POST /api/auth/logout` ends exactly that session. Nothing about the person is kept: the key
 * only holds when the sign-out was made.
 */
import { call } from '../../net/call';
import { classify, gotNoAnswer } from '../../net/errors';

export const PENDING_SIGN_OUT_KEY = 'haven-pending-sign-out';

/** A logout that hangs (a half-open connection) counts as no answer after this long. */
export const LOGOUT_TIMEOUT_MS = 10_000;

export function signOutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

export function markSignOutPending(): void {
  localStorage.setItem(PENDING_SIGN_OUT_KEY, new Date().toISOString());
  sendPendingSignOutWhenOnline();
}

/** A sign-in (which ends the browser's previous session on the server) makes it needless. */
export function clearSignOutPending(): void {
  localStorage.removeItem(PENDING_SIGN_OUT_KEY);
}

/** True when the server answered; no answer or a server failure (5xx) leaves it for later. */
function answered(error: unknown): boolean {
  if (gotNoAnswer(error)) return false;
  const { status } = classify(error);
  return status !== null && status < 500;
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
    } catch (error) {
      if (!answered(error)) return false;
      // The server answered (a 4xx will not change by asking again): nothing more to do.
      clearSignOutPending();
      return true;
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

function stopListening() {
  if (!listening) return;
  listening = false;
  globalThis.removeEventListener('online', onOnline);
}

/** Keeps trying at every `online` event until the server has been told. */
export function sendPendingSignOutWhenOnline(): void {
  if (listening || !signOutPending()) return;
  listening = true;
  globalThis.addEventListener('online', onOnline);
}
