/**
 * The client's one error vocabulary. Every failed request becomes a code from the server's closed
 * set (src/shared/errors.ts), or NO_ANSWER / TIMEOUT when nothing came back; one table gives the
 * calm words. Screens and the sync engine ask here instead of testing error classes themselves.
 */
import { HTTPError, TimeoutError } from 'ky';
import { CALM_MESSAGES, ERROR_STATUS, isApiErrorBody, type ApiErrorBody, type ErrorCode } from '../../shared/errors';

/** The request got no answer: offline, DNS, a reset connection. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

/**
 * An error whose message is written for people ("Please write a title"): the one kind of local
 * error whose words reach the screen. Any other error's message is for the console only.
 */
export class CalmError extends Error {
  override name = 'CalmError';
}

export type FailureCode = ErrorCode | 'NO_ANSWER' | 'TIMEOUT';

export interface Failure {
  code: FailureCode;
  /** The HTTP status, or null when there was no answer. */
  status: number | null;
  /** The server's own words when it sent some, else the calm words for the code. */
  message: string;
  body: ApiErrorBody | null;
}

const NO_ANSWER_MESSAGES = {
  NO_ANSWER: 'No connection. Please check your internet and try again.',
  TIMEOUT: 'The connection is very slow right now. Please try again.',
} as const;

export function calmMessage(code: FailureCode): string {
  return code === 'NO_ANSWER' || code === 'TIMEOUT' ? NO_ANSWER_MESSAGES[code] : CALM_MESSAGES[code];
}

/** The first code the server uses for a status; 502 and 504 from a proxy read as UNAVAILABLE. */
function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? (status === 500 ? 'INTERNAL' : 'UNAVAILABLE') : 'MALFORMED_REQUEST';
}

const bodies = new WeakMap<HTTPError, ApiErrorBody | null>();

/** ky's beforeError hook: reads the error body once, so every later question is answered at once. */
export async function readErrorBody(error: HTTPError): Promise<HTTPError> {
  let body: ApiErrorBody | null = null;
  try {
    const json: unknown = await error.response.clone().json();
    if (isApiErrorBody(json)) body = json;
    else if (typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string') {
      body = { message: (json as { message: string }).message, code: codeForStatus(error.response.status) };
    }
  } catch {
    // Not JSON (a proxy's page): the status decides.
  }
  bodies.set(error, body);
  return error;
}

export function classify(error: unknown): Failure {
  if (error instanceof HTTPError) {
    const body = bodies.get(error) ?? null;
    const code = body?.code ?? codeForStatus(error.response.status);
    return { code, status: error.response.status, message: body?.message || calmMessage(code), body };
  }
  if (error instanceof TimeoutError) return { code: 'TIMEOUT', status: null, message: calmMessage('TIMEOUT'), body: null };
  // fetch's own TypeError too, for requests made without the app's client.
  if (error instanceof NoAnswerError || error instanceof TypeError) return { code: 'NO_ANSWER', status: null, message: calmMessage('NO_ANSWER'), body: null };
  if (error instanceof CalmError) return { code: 'INTERNAL', status: null, message: error.message, body: null };
  return { code: 'INTERNAL', status: null, message: calmMessage('INTERNAL'), body: null };
}

/**
 * What a person reads about any failure: calm words, never a status line or an address. The
 * server's own words when it refused the request itself (a 4xx with a body: its messages are
 * written for people, "An account with this email already exists"); otherwise `fallback` (a
 * screen's own words, such as the spec's 'Failed to create group') or the calm words for the code.
 * The technical detail goes to the console, where a developer looks for it.
 */
export function failureText(error: unknown, fallback?: string): string {
  const failure = classify(error);
  console.error('Haven:', fallback ?? failure.code, error);
  const refusedByServer = failure.body !== null && failure.status !== null && failure.status < 500;
  if (refusedByServer || error instanceof CalmError) return failure.message;
  return fallback ?? failure.message;
}

/** failureText, reading the body first if the error did not pass through the app's client. */
export async function describeFailureText(error: unknown, fallback?: string): Promise<string> {
  if (error instanceof HTTPError && !bodies.has(error)) await readErrorBody(error);
  return failureText(error, fallback);
}

/** classify, reading the body first if this error did not pass through the app's client. */
export async function describeFailure(error: unknown): Promise<Failure> {
  if (error instanceof HTTPError && !bodies.has(error)) await readErrorBody(error);
  return classify(error);
}

/** Nothing came back (offline, unreachable, timed out): what the device has stands. */
export function gotNoAnswer(error: unknown): boolean {
  const { code } = classify(error);
  return code === 'NO_ANSWER' || code === 'TIMEOUT';
}
