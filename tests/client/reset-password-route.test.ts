import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessRedirect, type AccessUser } from '../../src/client/features/auth/access';
import type { AuthUser } from '../../src/shared/api';

const session = vi.hoisted(() => ({ user: null as AuthUser | null, known: Promise.resolve() }));
vi.mock('../../src/client/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  whenSessionKnown: async () => {
    await session.known;
    return { user: session.user, checking: false, offline: false };
  },
  getSession: () => ({ user: session.user, checking: false, offline: false }),
}));
const { as, landOn, offlineFetch, routerAt } = await import('./access-tree');

const people: AccessUser[] = [
  null,
  { role: 'user', status: 'verified' },
  { role: 'therapist', status: 'pending' },
  { role: 'admin', status: 'verified' },
];

describe('/reset-password in the route access table', () => {
  beforeAll(offlineFetch);
  afterAll(() => vi.unstubAllGlobals());
  // The crisis lines' refresh reports the offline network; expected here.
  beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('is open to everyone: the person with a code is signed out, and a shared device may have someone else signed in', async () => {
    for (const person of people) {
      expect(accessRedirect('public', person)).toBeNull();
      session.user = as(person);
      expect(await landOn('/reset-password')).toBe('/reset-password');
      expect(await landOn('/reset-password/')).toBe('/reset-password/');
      expect(await landOn('/reset-password?x=1')).toBe('/reset-password');
    }
  });

  it('still waits for the session check like every route', async () => {
    let answer = () => {};
    session.known = new Promise<void>((resolve) => { answer = resolve; });
    session.user = null;
    const router = routerAt('/reset-password');
    let loaded = false;
    const loading = router.load().then(() => { loaded = true; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).toBe(false);
    expect(router.state.matches.find((m) => m.routeId === '/reset-password')?.status).not.toBe('success');
    answer();
    await loading;
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
