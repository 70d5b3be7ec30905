/**
 * The conversation routes' `?message=` parameter, on its own: the routes check it at start-up,
 * while what opens the message (messageTarget.tsx) loads with the chat screen.
 */
import { isId } from '../../../shared/ids';

/** The conversation routes' search: `message`, a message id; anything else is dropped. */
export const messageSearch = (search: Record<string, unknown>): { message?: string } =>
  typeof search.message === 'string' && isId(search.message) ? { message: search.message } : {};
