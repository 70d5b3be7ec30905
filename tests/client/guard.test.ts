import { describe, expect, it } from 'vitest';
import { finalRedirect, guard, type GuardUser } from '../../src/client/features/auth/guard';

const out: GuardUser = null;
const user: GuardUser = { role: 'user', status: 'verified' };
const pending: GuardUser = { role: 'therapist', status: 'pending' };
const verifiedPro: GuardUser = { role: 'ngo', status: 'verified' };
const unverifiedPro: GuardUser = { role: 'volunteer', status: 'unverified' };
const rejectedPro: GuardUser = { role: 'therapist', status: 'rejected' };
const admin: GuardUser = { role: 'admin', status: 'verified' };
// A user with status pending is not a "pending user" in the spec's sense (role must not be user).
const oddUser: GuardUser = { role: 'user', status: 'pending' };

const APP = ['/dashboard', '/chat', '/therapist-chat', '/aura-ai', '/aura-ai/chats/0123456789abcdef01234567'];

describe('route access table, one step', () => {
  it('shows the spinner while the session is checked, whatever the path', () => {
    for (const p of ['/', '/login', '/admin', '/dashboard', '/nowhere']) expect(guard(p, null, true)).toBe('spinner');
  });

  it('/ sends pending professionals to /verification-needed, others signed in to /dashboard, signed out to /login', () => {
    expect(guard('/', pending, false)).toBe('/verification-needed');
    for (const u of [user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(guard('/', u, false)).toBe('/dashboard');
    expect(guard('/', out, false)).toBe('/login');
  });

  it('/login and /signup: signed out only, signed in goes to /dashboard', () => {
    for (const p of ['/login', '/signup']) {
      expect(guard(p, out, false)).toBeNull();
      for (const u of [user, pending, verifiedPro, admin]) expect(guard(p, u, false)).toBe('/dashboard');
    }
  });

  it('app routes: signed in and not pending; pending to /verification-needed; signed out to /login', () => {
    for (const p of APP) {
      for (const u of [user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(guard(p, u, false)).toBeNull();
      expect(guard(p, pending, false)).toBe('/verification-needed');
      expect(guard(p, out, false)).toBe('/login');
    }
  });

  it('/settings, /profile, /diary, /safety-plan: any signed-in user, else /login', () => {
    for (const p of ['/settings', '/profile', '/diary', '/safety-plan']) {
      for (const u of [user, pending, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(guard(p, u, false)).toBeNull();
      expect(guard(p, out, false)).toBe('/login');
    }
  });

  it('/verification-needed: pending professionals only, else /', () => {
    expect(guard('/verification-needed', pending, false)).toBeNull();
    expect(guard('/verification-needed', { role: 'ngo', status: 'pending' }, false)).toBeNull();
    for (const u of [out, user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) {
      expect(guard('/verification-needed', u, false)).toBe('/');
    }
  });

  it('/admin: role admin only, else /', () => {
    expect(guard('/admin', admin, false)).toBeNull();
    for (const u of [out, user, pending, verifiedPro]) expect(guard('/admin', u, false)).toBe('/');
  });

  it('unknown paths stay (the not-found page shows) and trailing slashes do not matter', () => {
    expect(guard('/nope', out, false)).toBeNull();
    expect(guard('/aura-ai/chats', user, false)).toBeNull();
    expect(guard('/dashboard/', out, false)).toBe('/login');
    expect(guard('/admin?x=1', user, false)).toBe('/');
  });
});

describe('where people finally land', () => {
  it('follows the chain of the table', () => {
    expect(finalRedirect('/admin', out)).toBe('/login');
    expect(finalRedirect('/admin', user)).toBe('/dashboard');
    expect(finalRedirect('/admin', pending)).toBe('/verification-needed');
    expect(finalRedirect('/verification-needed', out)).toBe('/login');
    expect(finalRedirect('/verification-needed', verifiedPro)).toBe('/dashboard');
    // /login → /dashboard → /verification-needed for a pending professional.
    expect(finalRedirect('/login', pending)).toBe('/verification-needed');
    expect(finalRedirect('/dashboard', user)).toBeNull();
  });
});
