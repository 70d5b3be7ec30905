/** The three views of a person. A password hash or session never leaves the server. */
import type { AdminUser, AuthUser, PublicUser } from '../../shared/api';
import { isProfessional } from '../../shared/limits';
import type { UserRow } from '../db/schema';
import { shownName } from '../messages/serialize';

export function toAuthUser(u: UserRow): AuthUser {
  return {
    displayName: u.displayName,
    suspended: u.suspendedAt !== null,
    crisisAlerts: u.crisisAlerts,
    readReceipts: u.readReceipts,
    _id: u.id,
    fullName: u.fullName,
    email: u.email,
    role: u.role,
    status: u.status,
    profilePic: u.profilePic,
    referralCode: u.referralCode,
    referredBy: u.referredBy,
    verificationRequest: u.verificationRequest,
    verificationMessage: u.verificationMessage,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toAdminUser(u: UserRow): AdminUser {
  // Whether someone asked for crisis alerts is between them and their professional, not the admin's;
  // whether they share read receipts is between them and the people they write to.
  const { crisisAlerts: _private, readReceipts: _theirs, ...person } = toAuthUser(u);
  return { ...person, rejectionReason: u.rejectionReason };
}

/**
 * What others see. A professional's role is shown only once the admin has verified them: a
 * pending or rejected therapist must not look like one to the people they talk to (any client
 * labels by role), so to others they are a person like any other, status included: that they
 * applied and were refused is between them and the admin.
 *
 * The name is the one the person chose to be shown (docs/decisions/community-rules.md, Display
 * names); their full name only to themselves, the professional who referred them, and admins
 * (`viewer`; none: peers' view).
 */
export function toPublicUser(u: UserRow, viewer?: Pick<UserRow, 'id' | 'role'>): PublicUser {
  const unverifiedProfessional = isProfessional(u.role) && u.status !== 'verified';
  const seesFullName = viewer !== undefined && (viewer.role === 'admin' || viewer.id === u.id || u.referredBy === viewer.id);
  return {
    _id: u.id,
    fullName: seesFullName ? u.fullName : shownName(u),
    role: unverifiedProfessional ? 'user' : u.role,
    status: unverifiedProfessional ? 'verified' : u.status,
    profilePic: u.profilePic,
    createdAt: u.createdAt.toISOString(),
  };
}
