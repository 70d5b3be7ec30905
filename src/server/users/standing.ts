/**
 * The shared predicates about a person's role and status (src/shared/limits.ts), as SQL
 * conditions, for queries that ask the database what the shared functions ask of a loaded row.
 * Built from the same constants, so a role added to PROFESSIONAL_ROLES changes both at once.
 * Each takes the users table or an alias of it (a subquery over another row of users).
 */
import { and, eq, inArray, ne, not, type AnyColumn, type SQL } from 'drizzle-orm';
import { PROFESSIONAL_ROLES, type Role, type Status } from '../../shared/limits';
import { users } from '../db/schema';

interface Standing {
  role: AnyColumn;
  status: AnyColumn;
}

const PENDING: Status = 'pending';
const VERIFIED: Status = 'verified';
const ADMIN: Role = 'admin';

/** isProfessional(role). */
export const professionalRole = (t: Standing = users): SQL => inArray(t.role, [...PROFESSIONAL_ROLES]);

/** isPendingProfessional(user). */
export const pendingProfessional = (t: Standing = users): SQL => and(professionalRole(t), eq(t.status, PENDING))!;

/**
 * Not a professional waiting for verification: pendingProfessional's negation. Role and status
 * are never null, so NOT is exact (no row is neither).
 */
export const notPending = (t: Standing = users): SQL => not(pendingProfessional(t));

/** isVerifiedProfessional(user). */
export const verifiedProfessional = (t: Standing = users): SQL => and(professionalRole(t), eq(t.status, VERIFIED))!;

/** Everyone the admin's people list and statistics cover (ROLE_FILTERS' 'all'). */
export const listedToAdmin = (t: Pick<Standing, 'role'> = users): SQL => ne(t.role, ADMIN);
