/**
 * The password rules beyond the spec's minimum of 6 (src/shared/schemas.ts passwordField): the most
 * common passwords are refused, as OWASP ASVS asks. The list is zxcvbn-ts's ranked common-password
 * dictionary (about 49,000 entries from public breach corpora), shipped in the npm package: nothing
 * is fetched at run time. Checked on the server only, so the browser never downloads the list.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../http/errors';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

let common: Set<string> | undefined;

/** Case-insensitive: "Password" is as easy to guess as "password". */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Throws a 400 naming `field` when the password is a common one. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, { fields: { [field]: COMMON_PASSWORD_MESSAGE } });
  }
}
