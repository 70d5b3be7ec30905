/**
 * Answers that say the session this browser sent is gone (401 UNAUTHENTICATED), from any route
 * the app's client calls, told to whoever listens (features/auth/session.ts). A wrong password
 * is INVALID_CREDENTIALS and never counts.
 */
import type { HTTPError } from 'ky';
import { classify } from './errors';

type Listener = (url: string) => void;
const listeners = new Set<Listener>();

export function onSessionRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** ky's beforeError hook, after readErrorBody (the code comes from the body it read). */
export function noticeRefusal(error: HTTPError): HTTPError {
  if (classify(error).code === 'UNAUTHENTICATED') for (const listener of listeners) listener(error.request.url);
  return error;
}
