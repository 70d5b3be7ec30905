import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, isApiErrorBody } from '../../src/shared/errors';
import { isId, newId } from '../../src/shared/ids';
import { sniffImageType } from '../../src/shared/images';
import { isPendingProfessional, THEMES, DEFAULT_THEME } from '../../src/shared/limits';
import { signupSchema } from '../../src/shared/schemas';
import { makeReferralCode, REFERRAL_CODE_PATTERN } from '../../src/server/auth/referral-codes';

describe('ids', () => {
  it('makes 24-hex ids that sort by time and never repeat', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newId(1_800_000_000_000 + i * 1000));
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('accepts only 24 lowercase hex characters', () => {
    expect(isId('6b02770232dee24beb1187e1')).toBe(true);
    for (const bad of ['6B02770232DEE24BEB1187E1', '6b02770232dee24beb1187e', '6b02770232dee24beb1187e1a', 'zz02770232dee24beb1187e1', 42, null]) {
      expect(isId(bad)).toBe(false);
    }
  });
});

describe('sniffImageType', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it('reads JPEG, PNG and GIF from their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
  });
  it('refuses anything else, however it is named', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('RIFF....WEBP'))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('signup schema', () => {
  const base = { fullName: 'Ada', email: ' Ada@Example.ORG ', password: 'secret', role: 'user', referralCode: ' haven-abcd-efgh ' };
  it('normalises email and referral code', () => {
    const parsed = signupSchema.parse(base);
    expect(parsed.email).toBe('ada@example.org');
    expect(parsed.referralCode).toBe('HAVEN-ABCD-EFGH');
  });
  it('gives the spec messages', () => {
    const result = signupSchema.safeParse({ ...base, password: '12345', fullName: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Password must be at least 6 characters');
    expect(messages).toContain('Full name is required');
  });
});

describe('limits and errors', () => {
  it('has the 32 themes with coffee as default', () => {
    expect(THEMES).toHaveLength(32);
    expect(new Set(THEMES).size).toBe(32);
    expect(THEMES).toContain(DEFAULT_THEME);
  });
  it('calls only non-user, non-admin pending accounts pending', () => {
    expect(isPendingProfessional({ role: 'therapist', status: 'pending' })).toBe(true);
    expect(isPendingProfessional({ role: 'user', status: 'pending' })).toBe(false);
    expect(isPendingProfessional({ role: 'admin', status: 'pending' })).toBe(false);
    expect(isPendingProfessional({ role: 'ngo', status: 'verified' })).toBe(false);
  });
  it('maps every code to an HTTP error status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(isApiErrorBody({ message: 'x', code: 'NOT_FOUND' })).toBe(true);
    expect(isApiErrorBody({ message: 'x', code: 'MADE_UP' })).toBe(false);
  });
});

describe('referral codes', () => {
  it('are readable: HAVEN-XXXX-XXXX without look-alike characters', () => {
    const codes = Array.from({ length: 500 }, makeReferralCode);
    for (const c of codes) {
      expect(c).toMatch(REFERRAL_CODE_PATTERN);
      expect(c.slice(6)).not.toMatch(/[01OIL]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
