import ky from 'ky';
import type { ApiErrorBody } from '../../shared/errors';
import { API_PATH } from '../../shared/paths';
import { describeFailure, NoAnswerError, readErrorBody } from './errors';
import { noticeRefusal } from './refusals';

/**
 * The one HTTP client (spec section 7): relative /api base, cookies on every request,
 * no timeout, no automatic retries (a repeated POST must be the caller's choice). Every failure
 * leaves it classified (net/errors.ts), and a refused session is told (net/refusals.ts).
 */
export const api = ky.create({
  prefixUrl: API_PATH,
  // The shell's header preloads the session check with `crossorigin=use-credentials` (server
  // http/static.ts): this mode is what lets the app's own check take that answer.
  credentials: 'include',
  timeout: false,
  retry: 0,
  hooks: { beforeError: [readErrorBody, noticeRefusal] },
  fetch: async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // Spec section 8: a failure with no server response is logged and passed on.
      console.error('Network error');
      throw new NoAnswerError('No connection', { cause: error });
    }
  },
});

/** The server's error body, or null when there was no usable answer. */
export async function readApiError(error: unknown): Promise<ApiErrorBody | null> {
  return (await describeFailure(error)).body;
}

/** "The server message or <fallback>", the spec's rule for failure toasts. */
export async function serverMessage(error: unknown, fallback: string): Promise<string> {
  return (await readApiError(error))?.message || fallback;
}
