import { describe, expect, it } from 'vitest';
import { checkSignup, INVALID_REFERRAL, REFERRAL_REQUIRED } from '../../src/client/features/signup/validate';
import { ROLE_CARDS } from '../../src/client/features/signup/roles';

const good = { fullName: 'Ada Lovelace', email: 'Ada@Example.com', password: 'secret1', referralCode: 'abc-123' };

describe('signup validation (spec section 5)', () => {
  it('accepts a complete professional form and sends no referral code', () => {
    const r = checkSignup({ ...good, referralCode: 'IGNORED' }, 'therapist', 'unknown');
    expect(r).toEqual({ ok: true, payload: { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', role: 'therapist', referralCode: '' } });
  });

  it('accepts a user with a valid code, upper-cased', () => {
    const r = checkSignup(good, 'user', 'valid');
    expect(r.ok && r.payload.referralCode).toBe('ABC-123');
  });

  it('requires name, email and password', () => {
    const r = checkSignup({ fullName: ' ', email: '', password: '', referralCode: '' }, 'ngo', 'unknown');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields.fullName).toBe('Full name is required');
    expect(r.fields.email).toBe('Email is required');
    expect(r.fields.password).toBe('Password is required');
    expect(r.first).toBe('Full name is required');
  });

  it('needs a password of at least 6 characters', () => {
    const five = checkSignup({ ...good, password: '12345' }, 'volunteer', 'unknown');
    expect(five.ok).toBe(false);
    if (!five.ok) expect(five.fields.password).toBe('Password must be at least 6 characters');
    expect(checkSignup({ ...good, password: '123456' }, 'volunteer', 'unknown').ok).toBe(true);
  });

  it('rejects a malformed email', () => {
    const r = checkSignup({ ...good, email: 'nope' }, 'therapist', 'unknown');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.first).toBe('Invalid email format');
  });

  it('needs a referral code for role user only', () => {
    const r = checkSignup({ ...good, referralCode: '  ' }, 'user', 'unknown');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields.referralCode).toBe(REFERRAL_REQUIRED);
    expect(checkSignup({ ...good, referralCode: '' }, 'therapist', 'unknown').ok).toBe(true);
  });

  it("a known-invalid code gives 'Please enter a valid referral code'", () => {
    const r = checkSignup(good, 'user', 'invalid');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.first).toBe('Please enter a valid referral code');
      expect(INVALID_REFERRAL).toBe('Please enter a valid referral code');
    }
  });

  it('has the four role cards with the spec texts', () => {
    expect(ROLE_CARDS.map((c) => [c.role, c.text])).toEqual([
      ['user', 'Join as a regular user'],
      ['therapist', 'Provide professional support'],
      ['ngo', 'Represent an organization'],
      ['volunteer', 'Help others in the community'],
    ]);
  });
});
