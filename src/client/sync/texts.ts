/**
 * What a person reads about sending, in the spec's words (docs/requirements.md lists its toasts):
 * chat, Aura and the outbox say these, never their own spelling of them.
 */
export const SEND_TEXTS = {
  /** Aura's toast, and a refused row's reason when the server gave none. */
  failed: 'Failed to send message',
  /** Chat's toast when a message could not even be stored on the device. */
  failedTryAgain: 'Failed to send message. Please try again.',
  signInFirst: 'Please log in to send messages',
  newChatFailed: 'Failed to create new chat',
} as const;
