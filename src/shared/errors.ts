/**
 * The closed set of error codes. Every error body the server sends is
 * `{ message, code, fields? }`; the client maps a code to a calm message when it has none better.
 */
import { INVALID_IMAGE_MESSAGE } from './images';

/** What sign-in (and any call) says to a suspended account. */
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your account is suspended. If you think this is a mistake, contact the person who referred you.';

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_ID: 400,
  INVALID_REFERRAL_CODE: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ORIGIN_REJECTED: 403,
  VERIFICATION_REQUIRED: 403,
  SUSPENDED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** For VALIDATION_FAILED: the first message for each invalid field. */
  fields?: Record<string, string>;
  /** For RATE_LIMITED: seconds until a retry may succeed. */
  retryAfter?: number;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && typeof v.code === 'string' && v.code in ERROR_STATUS;
}

/** What a person reads when the server sent no message of its own. Calm, never technical. */
export const CALM_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  INVALID_ID: 'That link does not look right.',
  INVALID_REFERRAL_CODE: 'Invalid referral code',
  MALFORMED_REQUEST: 'Something went wrong sending that. Please try again.',
  UNAUTHENTICATED: 'Please log in to continue.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  FORBIDDEN: 'You do not have access to this.',
  ORIGIN_REJECTED: 'This request came from another site and was refused.',
  VERIFICATION_REQUIRED: 'Your account is pending verification',
  SUSPENDED: ACCOUNT_SUSPENDED_MESSAGE,
  NOT_FOUND: 'We could not find that.',
  EMAIL_TAKEN: 'An account with this email already exists',
  CONFLICT: 'That changed in the meantime. Please try again.',
  PAYLOAD_TOO_LARGE: 'That is too large to send.',
  UNSUPPORTED_MEDIA_TYPE: INVALID_IMAGE_MESSAGE,
  RATE_LIMITED: 'Too many attempts. Please wait a little and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'Haven is busy right now. Please try again shortly.',
};
