import { isPendingProfessional, type Role, type Status } from '../../../shared/limits';

/** Where the route access table (spec section 2) sends someone who may not stay. */
export type RedirectTarget = '/' | '/login' | '/dashboard' | '/verification-needed';
export type GuardUser = { role: Role; status: Status } | null;
export type GuardResult = 'spinner' | RedirectTarget | null;

const APP_ROUTES = ['/dashboard', '/chat', '/therapist-chat', '/aura-ai'];
const ANY_SIGNED_IN = ['/settings', '/profile', '/diary', '/safety-plan'];
/** Open to everyone, signed in or not (beyond the spec: a reset code from an admin). */
const PUBLIC = ['/reset-password'];

export function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] ?? '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function isAppRoute(path: string): boolean {
  return APP_ROUTES.includes(path) || /^\/aura-ai\/chats\/[^/]+$/.test(path);
}

/**
 * One step of the route access table. `null` means "stay"; unknown paths stay too and get the
 * not-found page. While the session is being checked nothing is decided: the spinner shows.
 */
export function guard(path: string, user: GuardUser, checking: boolean): GuardResult {
  if (checking) return 'spinner';
  const p = normalizePath(path);
  const pending = user !== null && isPendingProfessional(user);
  if (p === '/') return user ? (pending ? '/verification-needed' : '/dashboard') : '/login';
  if (p === '/login' || p === '/signup') return user ? '/dashboard' : null;
  if (PUBLIC.includes(p)) return null;
  if (isAppRoute(p)) return !user ? '/login' : pending ? '/verification-needed' : null;
  if (ANY_SIGNED_IN.includes(p)) return user ? null : '/login';
  if (p === '/verification-needed') return pending ? null : '/';
  if (p === '/admin') return user?.role === 'admin' ? null : '/';
  return null;
}

/** Follows the table's chain (e.g. /admin → / → /login) to where the person finally lands. */
export function finalRedirect(path: string, user: GuardUser): RedirectTarget | null {
  let target: RedirectTarget | null = null;
  let current = path;
  for (let i = 0; i < 5; i++) {
    const next = guard(current, user, false);
    if (next === null || next === 'spinner') return target;
    target = next;
    current = next;
  }
  return target;
}
