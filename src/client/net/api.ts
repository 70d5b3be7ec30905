import ky, { HTTPError } from 'ky';
import { isApiErrorBody, type ApiErrorBody } from '../../shared/errors';

/**
 * The one HTTP client (spec section 7): relative /api base, cookies on every request,
 * no timeout, no automatic retries (a repeated POST must be the caller's choice).
 */
export const api = ky.create({
  prefixUrl: '/api',
  credentials: 'include',
  timeout: false,
  retry: 0,
  fetch: async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      // Spec section 8: a failure with no server response is logged and passed on.
      console.error('Network error');
      throw error;
    }
  },
});

/** The server's error body, or null when there was no usable answer. */
export async function readApiError(error: unknown): Promise<ApiErrorBody | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body: unknown = await error.response.clone().json();
    if (isApiErrorBody(body)) return body;
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
      return { message: (body as { message: string }).message, code: 'INTERNAL' };
    }
  } catch {
    // Not JSON: fall through to the caller's wording.
  }
  return null;
}

/** "The server message or <fallback>", the spec's rule for failure toasts. */
export async function serverMessage(error: unknown, fallback: string): Promise<string> {
  return (await readApiError(error))?.message || fallback;
}
