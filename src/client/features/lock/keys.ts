/**
 * The diary's data key and the two wrappings of it that the lock record keeps: one under the
 * passcode, one under the recovery code. Rows are sealed with the data key only, so a new
 * passcode re-wraps this one key and never touches an entry (docs/decisions/diary-lock.md).
 */
import { fromBase64, randomBytes, toBase64 } from './codec';
import { deriveKek, isKdfParams, KDF_PARAMS, type KdfParams } from './kdf';

/** One wrapping of the data key: the salt and parameters travel with it, so they can be raised later. */
export interface Wrap {
  salt: string;
  wrapped: string;
  kdf: KdfParams;
}

export type PasscodeKind = 'digits' | 'phrase';

/** What meta keeps under LOCK_KEY while the lock is on. Nothing in it is secret. */
export interface LockRecord {
  v: 1;
  /** Names this data key, so a key held from before the lock was turned off and on again is never used. */
  keyId: string;
  /** Digits bring up the number pad on the unlock screen. */
  kind: PasscodeKind;
  passcode: Wrap;
  recovery: Wrap;
  idleMinutes: number;
  since: string;
}

export const DEFAULT_IDLE_MINUTES = 5;
export const IDLE_CHOICES = [1, 2, 5, 10, 15, 30] as const;

export const PASSCODE_RULE = 'Use at least 6 digits, or a passphrase of at least 8 characters.';
const MAX_SECRET = 256;

/** The passcode's kind, or null when it is too weak or too long to accept. */
export function passcodeKind(passcode: string): PasscodeKind | null {
  if (passcode.length > MAX_SECRET) return null;
  if (/^\d+$/.test(passcode)) return passcode.length >= 6 ? 'digits' : null;
  return [...passcode].length >= 8 && passcode.trim() !== '' ? 'phrase' : null;
}

/** No 0/O, 1/I/L: the code is copied by hand and read back from paper. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 24;

/** 24 characters of 31 (about 119 bits), in groups of four. */
export function newRecoveryCode(): string {
  const chars: string[] = [];
  while (chars.length < RECOVERY_LENGTH) {
    for (const byte of randomBytes(32)) {
      // Only bytes below 248 (8 × 31): the rest would favour the alphabet's first letters.
      if (byte < 248 && chars.length < RECOVERY_LENGTH) chars.push(RECOVERY_ALPHABET[byte % 31]!);
    }
  }
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** A recovery code as typed (any case, spaces or dashes) in its one form, or null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_LENGTH || [...code].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return code.replace(/(.{4})(?!$)/g, '$1-');
}

export const generateDataKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']) as Promise<CryptoKey>;

/** Wraps `dataKey` (extractable) under a key made from `secret`; answers the KEK too, to unwrap a session copy. */
export async function wrapWith(secret: string, dataKey: CryptoKey, kdf: KdfParams = KDF_PARAMS): Promise<{ wrap: Wrap; kek: CryptoKey }> {
  const salt = randomBytes(16);
  const kek = await deriveKek(secret, salt, kdf);
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, kek, 'AES-KW'));
  return { wrap: { salt: toBase64(salt), wrapped: toBase64(wrapped), kdf }, kek };
}

export async function unwrapUnder(kek: CryptoKey, wrap: Wrap, extractable: boolean): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey('raw', fromBase64(wrap.wrapped), kek, 'AES-KW', 'AES-GCM', extractable, ['encrypt', 'decrypt']);
}

/**
 * The data key, or null when `secret` is not the one this wrap was made with (AES-KW's integrity
 * check refuses it). Extractable only where it is about to be wrapped again.
 */
export async function unwrapWith(secret: string, wrap: Wrap, extractable = false): Promise<CryptoKey | null> {
  const kek = await deriveKek(secret, fromBase64(wrap.salt), wrap.kdf);
  try {
    return await unwrapUnder(kek, wrap, extractable);
  } catch {
    return null;
  }
}

export function isWrap(value: unknown): value is Wrap {
  const w = value as Partial<Wrap> | null;
  return typeof w === 'object' && w !== null && typeof w.salt === 'string' && typeof w.wrapped === 'string' && isKdfParams(w.kdf);
}

export interface NewLock {
  record: LockRecord;
  /** The session's copy: not extractable, so nothing running in the page can read its bytes out. */
  key: CryptoKey;
  recoveryCode: string;
}

/** A fresh data key wrapped twice; Argon2id runs twice here, so this takes about two unlocks' time. */
export async function createLock(passcode: string, kdf: KdfParams = KDF_PARAMS, now = new Date()): Promise<NewLock> {
  const kind = passcodeKind(passcode);
  if (!kind) throw new Error(PASSCODE_RULE);
  const dataKey = await generateDataKey();
  const recoveryCode = newRecoveryCode();
  const byPasscode = await wrapWith(passcode, dataKey, kdf);
  const byRecovery = await wrapWith(recoveryCode, dataKey, kdf);
  const key = await unwrapUnder(byPasscode.kek, byPasscode.wrap, false);
  const record: LockRecord = {
    v: 1, keyId: crypto.randomUUID(), kind, passcode: byPasscode.wrap, recovery: byRecovery.wrap,
    idleMinutes: DEFAULT_IDLE_MINUTES, since: now.toISOString(),
  };
  return { record, key, recoveryCode };
}
