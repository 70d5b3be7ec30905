/**
 * Answers that say the session this browser sent is gone (401 UNAUTHENTICATED), from any route
 * the app's client calls, told to whoever listens (features/auth/session.ts). A wrong password
 * is INVALID_CREDENTIALS and never counts.
 */
import type { HTTPError } from 'ky';
import { createSignal } from '../state/store';
import { classify } from './errors';

const refused = createSignal<string>();

export const onSessionRefused = refused.listen;

/** ky's beforeError hook, after readErrorBody (the code comes from the body it read). */
export function noticeRefusal(error: HTTPError): HTTPError {
  if (classify(error).code === 'UNAUTHENTICATED') refused.emit(error.request.url);
  return error;
}
