/**
 * The route access table (spec section 2) as one rule per kind of screen. Each route declares its
 * kind (`beforeLoad: requireAccess('app')`); where a person who may not stay is sent is a screen
 * with a kind of its own, whose route sends them on again, so chains like /admin → / → /login
 * follow from the routes themselves rather than from a list of paths.
 */
import { redirect } from '@tanstack/react-router';
import { isPendingProfessional, type Role, type Status } from '../../../shared/limits';

export type Access =
  /** `/`: nobody stays; it forwards by who you are. */
  | 'home'
  /** /login, /signup. */
  | 'signedOut'
  /** The messaging, therapist-chat and Aura screens and the dashboard: signed in and not pending. */
  | 'app'
  /** /settings, /profile, /diary, /safety-plan: anyone signed in, pending or not. */
  | 'signedIn'
  /** /verification-needed: pending professionals only. */
  | 'pending'
  | 'admin'
  /** Open to everyone, signed in or not (beyond the spec: /reset-password, for a code from an admin). */
  | 'public';

/** The screens the table sends people to. */
export type Landing = '/' | '/login' | '/dashboard' | '/verification-needed';
export type AccessUser = { role: Role; status: Status } | null;

/** Where the table sends this person from a screen of this kind; null when they may stay. */
export function accessRedirect(access: Access, user: AccessUser): Landing | null {
  const pending = user !== null && isPendingProfessional(user);
  switch (access) {
    case 'home':
      return !user ? '/login' : pending ? '/verification-needed' : '/dashboard';
    case 'signedOut':
      return user ? '/dashboard' : null;
    case 'app':
      return !user ? '/login' : pending ? '/verification-needed' : null;
    case 'signedIn':
      return user ? null : '/login';
    case 'pending':
      return pending ? null : '/';
    case 'admin':
      return user?.role === 'admin' ? null : '/';
    case 'public':
      return null;
  }
}

export const mayEnter = (access: Access, user: AccessUser): boolean => accessRedirect(access, user) === null;

/**
 * A route's `beforeLoad`: sends on whoever may not stay, before any loader or screen runs. The
 * person comes from the root route's context, which waited for them to be known. The kind is
 * handed down as context too, so the shell can hide a screen the moment its person changes.
 */
export function requireAccess<A extends Access>(access: A) {
  return ({ context }: { context: { user: AccessUser } }): { access: A } => {
    const to = accessRedirect(access, context.user);
    if (to) throw redirect({ to, replace: true });
    return { access };
  };
}
