import type { Role } from '../../shared/limits';

/** How a role is written for people. */
export const ROLE_LABEL: Record<Role, string> = { user: 'User', therapist: 'Therapist', ngo: 'NGO', volunteer: 'Volunteer', admin: 'Admin' };
