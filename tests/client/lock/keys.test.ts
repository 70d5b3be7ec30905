/**
 * The diary lock's keys (docs/decisions/diary-lock.md): the passcode rule, the recovery code, and
 * the data key wrapped by Argon2id-derived keys, with the parameters kept beside each wrapping.
 */
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../src/client/features/lock/codec';
import { KDF_PARAMS, isKdfParams } from '../../../src/client/features/lock/kdf';
import {
  createLock, DEFAULT_IDLE_MINUTES, generateDataKey, newRecoveryCode, normalizeRecoveryCode, passcodeKind, unwrapWith, wrapWith,
} from '../../../src/client/features/lock/keys';
import { FAST } from './fixtures';

describe('the passcode rule', () => {
  it('takes 6 or more digits, or a passphrase of 8 or more characters', () => {
    expect(passcodeKind('123456')).toBe('digits');
    expect(passcodeKind('0000000000')).toBe('digits');
    expect(passcodeKind('12345')).toBeNull();
    expect(passcodeKind('correct horse')).toBe('phrase');
    expect(passcodeKind('short1')).toBeNull();
    expect(passcodeKind('        ')).toBeNull();
    expect(passcodeKind('x'.repeat(257))).toBeNull();
  });
});

describe('the recovery code', () => {
  it('is 24 unambiguous characters in groups of four, different every time', () => {
    const codes = new Set(Array.from({ length: 50 }, newRecoveryCode));
    expect(codes.size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){5}[2-9A-HJKMNP-Z]{4}$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('is recognised however it is typed back, and only then', () => {
    const code = newRecoveryCode();
    expect(normalizeRecoveryCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code);
    expect(normalizeRecoveryCode(` ${code.replaceAll('-', '')} `)).toBe(code);
    expect(normalizeRecoveryCode(code.slice(0, -1))).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });
});

describe('key wrapping', () => {
  it('uses at least OWASP’s Argon2id minimum by default, and keeps salt and parameters with each wrapping', async () => {
    expect(KDF_PARAMS).toEqual({ alg: 'argon2id', memoryKiB: 19_456, iterations: 2, parallelism: 1 });
    const { record, recoveryCode } = await createLock('246810', KDF_PARAMS);
    expect(record.passcode.kdf).toEqual(KDF_PARAMS);
    expect(record.recovery.kdf).toEqual(KDF_PARAMS);
    expect(record.passcode.salt).not.toBe(record.recovery.salt);
    expect(record.kind).toBe('digits');
    expect(record.idleMinutes).toBe(DEFAULT_IDLE_MINUTES);
    expect(await unwrapWith('246810', record.passcode)).not.toBeNull();
    // Nothing secret in the record: no passcode, no recovery code, no raw key.
    expect(JSON.stringify(record)).not.toContain('246810');
    expect(JSON.stringify(record)).not.toContain(recoveryCode);
  });

  it('wraps one data key under the passcode and the recovery code: either opens what the other sealed', async () => {
    const { record, key, recoveryCode } = await createLock('a calm passphrase', FAST);
    expect(record.kind).toBe('phrase');
    const sealed = await seal(key, 'diary:1', { title: 'Morning', content: 'Slept well.' });
    const byPasscode = await unwrapWith('a calm passphrase', record.passcode);
    const byRecovery = await unwrapWith(recoveryCode, record.recovery);
    expect(await unseal(byPasscode!, 'diary:1', sealed)).toEqual({ title: 'Morning', content: 'Slept well.' });
    expect(await unseal(byRecovery!, 'diary:1', sealed)).toEqual({ title: 'Morning', content: 'Slept well.' });
  });

  it('refuses a wrong passcode, and a sealed value moved to another row', async () => {
    const { record, key } = await createLock('135790', FAST);
    expect(await unwrapWith('135791', record.passcode)).toBeNull();
    expect(await unwrapWith('135790', record.recovery)).toBeNull();
    const sealed = await seal(key, 'diary:1', 'words');
    await expect(unseal(key, 'diary:2', sealed)).rejects.toThrow();
  });

  it('keeps the session key unextractable, and unwraps an extractable copy only to wrap it again', async () => {
    const { record, key } = await createLock('135790', FAST);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const forRewrap = await unwrapWith('135790', record.passcode, true);
    const { wrap } = await wrapWith('new passphrase', forRewrap!, FAST);
    const reopened = await unwrapWith('new passphrase', wrap);
    const sealed = await seal(key, 'x', 'same key');
    expect(await unseal(reopened!, 'x', sealed)).toBe('same key');
  });

  it('makes the same key from the same passphrase typed with composed or decomposed accents', async () => {
    const dataKey = await generateDataKey();
    const { wrap } = await wrapWith('caf\u00e9 au lait', dataKey, FAST);
    expect(await unwrapWith('cafe\u0301 au lait', wrap)).not.toBeNull();
  });

  it('accepts stored parameters within bounds only (a crafted file cannot ask for gigabytes)', () => {
    expect(isKdfParams(KDF_PARAMS)).toBe(true);
    expect(isKdfParams({ ...KDF_PARAMS, memoryKiB: 4_000_000 })).toBe(false);
    expect(isKdfParams({ ...KDF_PARAMS, iterations: 0 })).toBe(false);
    expect(isKdfParams({ ...KDF_PARAMS, alg: 'pbkdf2' })).toBe(false);
  });
});
