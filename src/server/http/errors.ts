/** One error type for the whole server and one handler that turns anything thrown into `{message, code}`. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALM_MESSAGES, ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '../../shared/errors';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../shared/images';
import { logFailure, unavailableCause } from '../db/unavailable';
import { fieldErrors } from '../../shared/schemas';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(readonly code: ErrorCode, message: string = CALM_MESSAGES[code], readonly extra: Partial<ApiErrorBody> = {}) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** Fastify's own error codes that are the client's fault, in our vocabulary. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_REQUEST', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_REQUEST', 'The request body is empty'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['MALFORMED_REQUEST', 'The request length is wrong'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'That is too large to send'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'The upload must be multipart/form-data'],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many parts in the upload'],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'Only one file may be uploaded at a time'],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many fields in the upload'],
};

export function toErrorBody(error: FastifyError | AppError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { ...error.extra, message: error.message, code: error.code } };
  }
  const fe = error as FastifyError & { validationContext?: string };
  if (error instanceof z.ZodError || fe.code === 'FST_ERR_VALIDATION') {
    const fields = error instanceof z.ZodError ? fieldErrors(error) : {};
    if (fe.validationContext === 'params') {
      // The schema's own words: 'Invalid id format', or the spec's 'Invalid chat ID format'.
      return { status: 400, body: { message: Object.values(fields)[0] ?? 'Invalid id format', code: 'INVALID_ID' } };
    }
    const first = Object.values(fields)[0] ?? 'Invalid input';
    return { status: 400, body: { message: first, code: 'VALIDATION_FAILED', fields } };
  }
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return { status: ERROR_STATUS[known[0]], body: { message: known[1], code: known[0] } };
  if (fe.statusCode === 429) {
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    return { status: 429, body: { message: error.message, code: 'RATE_LIMITED', ...(retryAfter ? { retryAfter } : {}) } };
  }
  if (unavailableCause(error)) return { status: 503, body: { message: CALM_MESSAGES.UNAVAILABLE, code: 'UNAVAILABLE' } };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code: ErrorCode = fe.statusCode === 404 ? 'NOT_FOUND' : fe.statusCode === 413 ? 'PAYLOAD_TOO_LARGE'
      : fe.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'MALFORMED_REQUEST';
    return { status: ERROR_STATUS[code], body: { message: CALM_MESSAGES[code], code } };
  }
  return { status: 500, body: { message: CALM_MESSAGES.INTERNAL, code: 'INTERNAL' } };
}

/**
 * Errors Fastify's router raises before any hook runs (an over-long or badly encoded path).
 * Passed as the `frameworkErrors` option so they get our shape and never echo the path back.
 */
export function frameworkErrorBody(error: FastifyError): ApiErrorBody {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? { message: 'Invalid id format', code: 'INVALID_ID' }
    : { message: CALM_MESSAGES.MALFORMED_REQUEST, code: 'MALFORMED_REQUEST' };
}

export function registerErrorHandling(app: FastifyInstance): void {
  // JSON only: text/plain is what another site's form can send without a preflight.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error);
    // A 5xx never leaks internals to the client, but the log keeps the whole story. The database
    // being away is one line (the driver's words), not a stack per request.
    if (status >= 500) logFailure(request.log, 'request failed', error);
    if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
    return reply.status(status).send(body);
  });
}
