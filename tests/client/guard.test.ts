import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessRedirect, type Access, type AccessUser } from '../../src/client/features/auth/access';
import type { AuthUser } from '../../src/shared/api';

const session = vi.hoisted(() => ({ user: null as AuthUser | null }));
vi.mock('../../src/client/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  whenSessionKnown: async () => ({ user: session.user, checking: false, offline: false }),
  getSession: () => ({ user: session.user, checking: false, offline: false }),
}));
const { as, landOn, offlineFetch } = await import('./access-tree');

const out: AccessUser = null;
const user: AccessUser = { role: 'user', status: 'verified' };
const pending: AccessUser = { role: 'therapist', status: 'pending' };
const verifiedPro: AccessUser = { role: 'ngo', status: 'verified' };
const unverifiedPro: AccessUser = { role: 'volunteer', status: 'unverified' };
const rejectedPro: AccessUser = { role: 'therapist', status: 'rejected' };
const admin: AccessUser = { role: 'admin', status: 'verified' };
// A user with status pending is not a "pending user" in the spec's sense (role must not be user).
const oddUser: AccessUser = { role: 'user', status: 'pending' };

const ID = '0123456789abcdef01234567';
const APP = ['/dashboard', '/chat', `/chat/dm/${ID}`, `/chat/group/${ID}`, '/therapist-chat', '/aura-ai', `/aura-ai/chats/${ID}`];
const ANY_SIGNED_IN = ['/settings', '/profile', '/diary', '/safety-plan', '/wellness', '/questionnaires', '/questionnaires/phq9'];
const ROUTES = ['/', '/login', '/signup', ...APP, ...ANY_SIGNED_IN, '/verification-needed', '/admin', '/reset-password'];

describe('route access table, one step per kind of screen', () => {
  const step = (access: Access) => (u: AccessUser) => accessRedirect(access, u);

  it('/ sends pending professionals to /verification-needed, others signed in to /dashboard, signed out to /login', () => {
    expect(step('home')(pending)).toBe('/verification-needed');
    for (const u of [user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(step('home')(u)).toBe('/dashboard');
    expect(step('home')(out)).toBe('/login');
  });

  it('/login and /signup: signed out only, signed in goes to /dashboard', () => {
    expect(step('signedOut')(out)).toBeNull();
    for (const u of [user, pending, verifiedPro, admin]) expect(step('signedOut')(u)).toBe('/dashboard');
  });

  it('app routes: signed in and not pending; pending to /verification-needed; signed out to /login', () => {
    for (const u of [user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(step('app')(u)).toBeNull();
    expect(step('app')(pending)).toBe('/verification-needed');
    expect(step('app')(out)).toBe('/login');
  });

  it('/settings, /profile, /diary, /safety-plan, /wellness: any signed-in user, else /login', () => {
    for (const u of [user, pending, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(step('signedIn')(u)).toBeNull();
    expect(step('signedIn')(out)).toBe('/login');
  });

  it('/verification-needed: pending professionals only, else /', () => {
    expect(step('pending')(pending)).toBeNull();
    expect(step('pending')({ role: 'ngo', status: 'pending' })).toBeNull();
    for (const u of [out, user, verifiedPro, unverifiedPro, rejectedPro, admin, oddUser]) expect(step('pending')(u)).toBe('/');
  });

  it('/admin: role admin only, else /', () => {
    expect(step('admin')(admin)).toBeNull();
    for (const u of [out, user, pending, verifiedPro]) expect(step('admin')(u)).toBe('/');
  });
});

describe('the route tree: where people finally land', () => {
  beforeAll(offlineFetch);
  afterAll(() => vi.unstubAllGlobals());
  // The loaders report the offline network; expected here.
  beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

  async function land(who: AccessUser, path: string): Promise<string> {
    session.user = as(who);
    return landOn(path);
  }

  it('follows the chain of the table', async () => {
    expect(await land(out, '/admin')).toBe('/login');
    expect(await land(user, '/admin')).toBe('/dashboard');
    expect(await land(pending, '/admin')).toBe('/verification-needed');
    expect(await land(out, '/verification-needed')).toBe('/login');
    expect(await land(verifiedPro, '/verification-needed')).toBe('/dashboard');
    // /login → /dashboard → /verification-needed for a pending professional.
    expect(await land(pending, '/login')).toBe('/verification-needed');
    expect(await land(user, '/dashboard')).toBe('/dashboard');
  });

  // Every route declares its kind: the whole table, for each kind of person.
  const EXPECTED: [string, AccessUser[], (path: string) => string][] = [
    ['signed out', [out], (p) => (['/login', '/signup', '/reset-password'].includes(p) ? p : '/login')],
    ['signed in, not pending', [user, verifiedPro, unverifiedPro, rejectedPro, oddUser],
      (p) => (['/', '/login', '/signup', '/verification-needed', '/admin'].includes(p) ? '/dashboard' : p)],
    ['pending professional', [pending],
      (p) => ([...ANY_SIGNED_IN, '/verification-needed', '/reset-password'].includes(p) ? p : '/verification-needed')],
    ['admin', [admin], (p) => (['/', '/login', '/signup', '/verification-needed'].includes(p) ? '/dashboard' : p)],
  ];
  for (const [name, people, want] of EXPECTED) {
    it(`${name}: every route lands where the table says`, async () => {
      for (const who of people) {
        const wrong: string[] = [];
        for (const path of ROUTES) {
          const got = await land(who, path);
          if (got !== want(path)) wrong.push(`${path} → ${got} (want ${want(path)})`);
        }
        expect(wrong, JSON.stringify(who)).toEqual([]);
      }
    });
  }

  it('unknown paths stay (the not-found page shows) and trailing slashes and queries do not matter', async () => {
    expect(await land(out, '/nope')).toBe('/nope');
    expect(await land(user, '/aura-ai/chats')).toBe('/aura-ai/chats');
    expect(await land(out, '/dashboard/')).toBe('/login');
    expect(await land(user, '/admin?x=1')).toBe('/dashboard');
  });
});
