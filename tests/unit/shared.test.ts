import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, isApiErrorBody } from '../../src/shared/errors';
import { isId, newId } from '../../src/shared/ids';
import { sniffImageType } from '../../src/shared/images';
import { isPendingProfessional, isVerifiedProfessional, ROLE_FILTERS, ROLES, THEMES, DEFAULT_THEME } from '../../src/shared/limits';
import { signupSchema } from '../../src/shared/schemas';
import { makeReferralCode, REFERRAL_CODE_PATTERN } from '../../src/server/auth/referral-codes';

describe('ids', () => {
  const made = Array.from({ length: 1000 }, () => newId());

  it('makes 24 lowercase hex characters that never repeat', () => {
    expect(made.every(isId)).toBe(true);
    expect(new Set(made).size).toBe(made.length);
  });

  it('reveal neither when they were made nor what came before: their order is not the order made', () => {
    expect([...made].sort()).not.toEqual(made);
    // A time, a per-process value or a counter shows as a position that hardly changes, or as
    // neighbours that share a start or an end; 96 random bits give neither.
    for (let at = 0; at < 24; at += 1) expect(new Set(made.map((id) => id[at])).size).toBeGreaterThan(8);
    const shared = (a: string, b: string) => { let n = 0; while (n < a.length && a[n] === b[n]) n += 1; return n; };
    const flip = (s: string) => [...s].reverse().join('');
    for (let i = 1; i < made.length; i += 1) {
      expect(shared(made[i - 1]!, made[i]!)).toBeLessThan(6);
      expect(shared(flip(made[i - 1]!), flip(made[i]!))).toBeLessThan(6);
    }
  });

  it('draws all 96 bits from the cryptographic source, at each call', () => {
    const draw = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      if (array instanceof Uint8Array) array.fill(0xab);
      return array;
    });
    try {
      expect(newId()).toBe('ab'.repeat(12));
      expect(draw).toHaveBeenCalledTimes(1);
    } finally {
      draw.mockRestore();
    }
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
  it('calls only professionals an admin verified verified professionals', () => {
    expect(isVerifiedProfessional({ role: 'volunteer', status: 'verified' })).toBe(true);
    expect(isVerifiedProfessional({ role: 'therapist', status: 'rejected' })).toBe(false);
    expect(isVerifiedProfessional({ role: 'user', status: 'verified' })).toBe(false);
    expect(isVerifiedProfessional({ role: 'admin', status: 'verified' })).toBe(false);
  });
  it('filters the admin people list by every role but admin', () => {
    expect(ROLE_FILTERS).toEqual(['all', ...ROLES.filter((r) => r !== 'admin')]);
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
