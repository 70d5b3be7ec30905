import type { Role } from '../../../shared/limits';

/** Spec section 2: the therapist-chat sidebar title by who is looking. */
export function therapistSidebarTitle(role: Role): string {
  if (role === 'therapist') return 'My Clients';
  if (role === 'ngo' || role === 'volunteer') return 'My Referred Users';
  return 'Therapists';
}

/** The toast when that list cannot be loaded (spec section 8). */
export function therapistListError(role: Role): string {
  return role === 'user' || role === 'admin' ? 'Failed to load therapists' : 'Failed to load your clients';
}
