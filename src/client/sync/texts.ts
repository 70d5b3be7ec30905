/**
 * What a person reads about sending, in the spec's words (docs/requirements.md lists its toasts):
 * chat, Aura and the outbox say these, never their own spelling of them. A refusal reads as calm
 * words for its error code, never the server's own detail (that goes to the console).
 */
import type { ErrorCode } from '../../shared/errors';
import { calmMessage, type FailureCode } from '../net/errors';

export const SEND_TEXTS = {
  /** Aura's toast, and a refused row's reason when the server gave none. */
  failed: 'Failed to send message',
  /** Chat's toast when a message could not even be stored on the device. */
  failedTryAgain: 'Failed to send message. Please try again.',
  signInFirst: 'Please log in to send messages',
  newChatFailed: 'Failed to create new chat',
  /** The spec's words for an upload that did not work. */
  uploadFailed: 'Failed to upload image',
  /** A photo kept on the device that is gone (storage cleared by the browser). */
  photoGone: 'The photo is no longer on this device',
} as const;

/**
 * Where a code's general words do not fit a message that was not sent: the request was checked
 * and refused as it is, or the conversation or message is gone or closed to this person.
 */
const REFUSED_SEND: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'This message could not be sent as it is.',
  MALFORMED_REQUEST: 'This message could not be sent as it is.',
  NOT_FOUND: 'That conversation or message is no longer there.',
  FORBIDDEN: 'You can no longer send messages here.',
};

/** The calm words for a refused send or change. */
export function refusedText(code: FailureCode | undefined): string {
  if (!code) return SEND_TEXTS.failed;
  return REFUSED_SEND[code as ErrorCode] ?? calmMessage(code);
}

/** The toast when an edit or a reaction made on this device was refused and taken back. */
export function changeRefusedText(kind: 'edit' | 'react', code: FailureCode | undefined): string {
  const reason = code ? (REFUSED_CHANGE[code as ErrorCode] ?? calmMessage(code)) : SEND_TEXTS.failed;
  return kind === 'edit' ? `Your edit could not be saved: ${reason}` : `Your reaction could not be saved: ${reason}`;
}

const REFUSED_CHANGE: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'it was not accepted as it is.',
  MALFORMED_REQUEST: 'it was not accepted as it is.',
  NOT_FOUND: 'the message is no longer there.',
  FORBIDDEN: 'it can no longer be changed.',
  CONFLICT: 'the message changed in the meantime.',
};
