/** Business constants from the spec (section 9). One home: client and server both read these. */

export const ROLES = ['user', 'therapist', 'ngo', 'volunteer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that need an admin's verification before they may use the app. */
export const PROFESSIONAL_ROLES = ['therapist', 'ngo', 'volunteer'] as const;
export type ProfessionalRole = (typeof PROFESSIONAL_ROLES)[number];
export const SIGNUP_ROLES = ['user', ...PROFESSIONAL_ROLES] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
/**
 * The admin's people list, its statistics and so its role filter leave the admins out (they are
 * not part of the community, and cannot be deleted): every role one signs up as, or all of them.
 */
export const ROLE_FILTERS = ['all', ...SIGNUP_ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];

export const GROUP_TYPES = ['mental', 'relationship', 'academic'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** Who speaks in an Aura chat: the person ('user') or Aura ('model'), as the spec names them. */
export const AURA_ROLES = ['user', 'model'] as const;
export type AuraRole = (typeof AURA_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 6;
/** Argon2 hashing of huge inputs is a cheap denial of service; no person types 200 characters. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const DISPLAY_NAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;
export const VERIFICATION_MESSAGE_MAX_LENGTH = 2000;
export const REFERRAL_CODE_MAX_LENGTH = 40;
export const REFERRAL_DEBOUNCE_MS = 500;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_WARN_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_SIDE = 600;
export const PROFILE_IMAGE_JPEG_QUALITY = 0.6;
export const AURA_UPLOAD_FOLDER = '/aura-ai';

export const REVIEW_PERIOD = '24-48 hours';
/** How long an admin-made password reset code works. */
export const RESET_CODE_MINUTES = 60;
export const SOCKET_RECONNECT_ATTEMPTS = 5;

export const THEMES = [
  'light', 'dark', 'cupcake', 'bumblebee', 'emerald', 'corporate', 'synthwave', 'retro',
  'cyberpunk', 'valentine', 'halloween', 'garden', 'forest', 'aqua', 'lofi', 'pastel',
  'fantasy', 'wireframe', 'black', 'luxury', 'dracula', 'cmyk', 'autumn', 'business',
  'acid', 'lemonade', 'night', 'coffee', 'winter', 'dim', 'nord', 'sunset',
] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'coffee';

export function isProfessional(role: Role): role is ProfessionalRole {
  return (PROFESSIONAL_ROLES as readonly string[]).includes(role);
}

/** A professional an admin has verified: the one who has clients, a referral code and crisis alerts. */
export function isVerifiedProfessional(user: { role: Role; status: Status }): boolean {
  return isProfessional(user.role) && user.status === 'verified';
}

/**
 * The spec's "pending user": a professional whose status is pending. Confined to
 * /verification-needed. The server's queries ask the same in SQL (src/server/users/standing.ts).
 */
export function isPendingProfessional(user: { role: Role; status: Status }): boolean {
  return isProfessional(user.role) && user.status === 'pending';
}

export const MESSAGE_MAX_LENGTH = 5000;
export const GROUP_DESCRIPTION_MAX_LENGTH = 1000;
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
/** POST /api/messages/batch: a queued backlog goes out 100 messages a request. */
export const BATCH_MAX_ITEMS = 100;
/** GET /api/messages/sync: changes per page, and the page size when none is asked. */
export const SYNC_PAGE_MAX = 500;
export const AURA_TEXT_MAX_LENGTH = 4000;

/** Lists the server answers in one page, newest first: a screen's worth; older entries stay stored, unsent. */
export const CRISIS_ALERT_LIST_LIMIT = 50;
export const REPORT_LIST_LIMIT = 200;
export const MODERATION_LOG_LIMIT = 200;
/** What a moderator reads around a reported message: this many messages before it, and after. */
export const REPORT_CONTEXT_EACH_SIDE = 3;

/** What a shared wellness summary may hold (shared/wellness-share.ts): about three months of weeks, and scores. */
export const SHARED_WEEKS = 13;
export const SHARED_SCORES = 60;
