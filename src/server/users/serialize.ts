/** The three views of a person. A password hash or session never leaves the server. */
import type { AdminUser, AuthUser, PublicUser } from '../../shared/api';
import type { UserRow } from '../db/schema';

export function toAuthUser(u: UserRow): AuthUser {
  return {
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
  return { ...toAuthUser(u), rejectionReason: u.rejectionReason };
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    _id: u.id,
    fullName: u.fullName,
    role: u.role,
    status: u.status,
    profilePic: u.profilePic,
    createdAt: u.createdAt.toISOString(),
  };
}
