/**
 * The real route tree, loaded without rendering, for the access tests: where a person lands after
 * every route's access check (and every redirect it causes) has run. The test file mocks the
 * session module so that `whenSessionKnown` answers with its own person.
 */
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import type { AuthUser } from '../../src/shared/api';
import type { AccessUser } from '../../src/client/features/auth/access';

/** A person of this role and status (the access table reads nothing else). */
export const as = (who: AccessUser): AuthUser | null => (who ? {
  _id: '0123456789abcdef01234567', fullName: 'Sam Rivers', email: 'sam@example.com', profilePic: '', referralCode: null,
  referredBy: null, verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z', ...who,
} : null);

/** Every request fails: the loaders that ask the network must still let the screen open. */
export function offlineFetch(): void {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
}

export function routerAt(path: string) {
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
}

/** Where someone who opens `path` finally is. */
export async function landOn(path: string): Promise<string> {
  const router = routerAt(path);
  await router.load();
  return router.state.location.pathname;
}
