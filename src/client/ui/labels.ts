import type { GroupType, Role } from '../../shared/limits';

/** How a role is written for people. */
export const ROLE_LABEL: Record<Role, string> = { user: 'User', therapist: 'Therapist', ngo: 'NGO', volunteer: 'Volunteer', admin: 'Admin' };
/** The same, for many (the admin's role filter and statistics). */
export const ROLE_PLURAL_LABEL: Record<Role, string> = { user: 'Users', therapist: 'Therapists', ngo: 'NGOs', volunteer: 'Volunteers', admin: 'Admins' };
/** The same, inside a sentence ("Dr. Lin (therapist)", "your NGO account"). */
export const ROLE_WORD: Record<Role, string> = { user: 'user', therapist: 'therapist', ngo: 'NGO', volunteer: 'volunteer', admin: 'admin' };

/** How a group type is written for people, on the admin's and everyone's screens alike. */
export const GROUP_TYPE_LABEL: Record<GroupType, string> = { mental: 'Mental health', relationship: 'Relationships', academic: 'Academic' };

export const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;
