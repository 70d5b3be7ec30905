/**
 * The route access table (spec section 2) as one rule per kind of screen. Each route declares its
 * kind (`beforeLoad: requireAccess('app')`); where a person who may not stay is sent is a screen
 * with a kind of its own, whose route sends them on again, so chains like /admin → / → /login
 * follow from the routes themselves rather than from a list of paths.
 */
import { redirect } from '@tanstack/react-router';
import { isPendingProfessional, type Role, type Status } from '../../../shared/limits';
import { servesAppShell } from '../../../shared/paths';

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

/** Screens a sign-in never returns to: they would only send the person on again. */
const NOT_RETURNED_TO = new Set(['/login', '/signup']);
const BASE = 'https://haven.invalid';

/**
 * Where a sign-in may return to (the `redirect` search param of /login): a path of this app with
 * its query, such as `/chat?group=…`; null for anything else. An absolute URL, `//host`, a
 * backslash, a control character (which URL parsers drop, so `/\t/evil` becomes `//evil`), a path
 * that normalises to `//host`, the server's own paths (/api, /uploads) and files are all refused:
 * the login page must never send anyone to another site.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== BASE || path.startsWith('//') || !servesAppShell(url.pathname) || NOT_RETURNED_TO.has(url.pathname)) return null;
  return path;
}

interface AccessArgs {
  context: { user: AccessUser };
  /** The address being opened: `href` is its path, query and hash; `search` its parsed query. */
  location: { href: string; search: object };
}

/**
 * A route's `beforeLoad`: sends on whoever may not stay, before any loader or screen runs. The
 * person comes from the root route's context, which waited for them to be known. The kind is
 * handed down as context too, so the shell can hide a screen the moment its person changes.
 * Someone signed out who opens a screen that needs a sign-in is sent to /login carrying where
 * they were going (`?redirect=`); signed in there (or on /signup), they are sent on to it.
 */
export function requireAccess<A extends Access>(access: A) {
  return ({ context, location }: AccessArgs): { access: A } => {
    const to = accessRedirect(access, context.user);
    if (!to) return { access };
    if (access === 'signedOut') {
      const back = safeRedirect((location.search as { redirect?: unknown }).redirect);
      if (back && !isPendingProfessional(context.user!)) throw redirect({ href: back, replace: true });
    }
    const redirectTo = to === '/login' && (access === 'app' || access === 'signedIn') ? safeRedirect(location.href) : null;
    if (redirectTo) throw redirect({ to: '/login', search: { redirect: redirectTo }, replace: true });
    throw redirect({ to, replace: true });
  };
}
