/** The shapes the API answers, shared by server and client. Paths are relative to /api. */
import type { GroupType, Role, Status } from './limits';
import type { ErrorCode } from './errors';
import type { AuthorHelp } from './safety/help';

/** The signed-in person's own account: never a password hash or session data. */
export interface AuthUser {
  _id: string;
  fullName: string;
  email: string;
  role: Role;
  status: Status;
  profilePic: string;
  referralCode: string | null;
  referredBy: string | null;
  verificationRequest: boolean;
  verificationMessage: string;
  createdAt: string;
}

/** Another person as seen by a non-admin: no email, no referral code. */
export interface PublicUser {
  _id: string;
  fullName: string;
  role: Role;
  status: Status;
  profilePic: string;
  createdAt: string;
}

/** A person as the admin sees them. */
export interface AdminUser extends AuthUser {
  rejectionReason: string | null;
}

/** GET /api/admin/stats. GET /api/admin/all-users answers `AdminUser[]`. */
export interface AdminStats {
  total: number;
  users: number;
  therapists: number;
  ngos: number;
  volunteers: number;
  verified: number;
  pending: number;
}

export interface VerifyUserResponse {
  message: string;
  referralCode: string;
  user: AdminUser;
}

export interface MessageResponse {
  message: string;
}

export interface ValidateReferralResponse {
  valid: boolean;
}

/** ImageKit-style upload parameters; `uploadUrl` is where the multipart POST goes. */
export interface UploadAuth {
  publicKey: string;
  signature: string;
  expire: number;
  token: string;
  uploadUrl: string;
}

export interface UploadResult {
  url: string;
  fileId: string;
  name: string;
  size: number;
  fileType: string;
}

export interface Group {
  _id: string;
  name: string;
  type: GroupType;
  description: string;
  members: string[];
  createdAt: string;
}

export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
}

export interface MessageSender {
  _id: string;
  fullName: string;
  profilePic: string;
}

/** A direct message. `seq` orders everything the server stores; `clientId` is the sender's idempotency key. */
export interface DirectMessage {
  _id: string;
  seq: number;
  senderId: string;
  receiverId: string;
  text: string;
  image: string | null;
  clientId: string;
  createdAt: string;
}

export interface GroupMessage {
  _id: string;
  seq: number;
  groupId: string;
  senderId: string;
  sender: MessageSender;
  text: string;
  clientId: string;
  createdAt: string;
}

/**
 * A support group as a member or visitor sees it. Who belongs to a mental-health group is private:
 * `members` lists ids only for groups the caller is in; `memberCount` is for everyone.
 */
export interface GroupSummary extends Group {
  memberCount: number;
  isMember: boolean;
}

/** A group member as a fellow member sees them. */
export type GroupMember = MessageSender;

/**
 * POST /api/messages/join-group/{id}: the group just joined (spec: "the updated group"), its
 * members as people, since the joiner is now one of them and may see who else is.
 */
export interface JoinedGroup extends Omit<GroupSummary, 'members'> {
  members: GroupMember[];
}

export interface AdminGroup extends Omit<Group, 'members'> {
  members: PublicUser[];
}

/** One page of catch-up: everything the caller may read with seq > since, in seq order, read from one snapshot. */
export interface SyncPage {
  direct: DirectMessage[];
  group: GroupMessage[];
  /** Pass this as `since` next time; it is the seq of the last message in this page. */
  cursor: number;
  hasMore: boolean;
  /**
   * The server database's identity. A device that kept a cursor from another epoch (the server's
   * database was reset or replaced) starts over from 0.
   */
  epoch: string;
}

/**
 * One result of POST /api/messages/batch, in the order of the items sent. `help` is set on the
 * author's own answer when their message shows crisis risk (src/shared/safety/help.ts).
 */
export type BatchResult =
  | { clientId: string; ok: true; message: DirectMessage | GroupMessage; help?: AuthorHelp }
  | { clientId: string | null; ok: false; code: ErrorCode; message: string };

export interface BatchResponse {
  results: BatchResult[];
}

export interface AiChatSummary {
  _id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** Who speaks in an Aura chat: the person ('user') or Aura ('model'), as the spec names them. */
export const AURA_ROLES = ['user', 'model'] as const;
export type AuraRole = (typeof AURA_ROLES)[number];

/** One turn of an Aura chat, in the spec's shape: role 'user' or 'model', parts[0] holds text and an optional img. */
export interface AiHistoryEntry {
  _id: string;
  role: AuraRole;
  parts: { text: string; img?: string }[];
  /** On Aura's answers: the person's message showed risk, so the help card shows. */
  crisis: boolean;
  /** With `crisis`: whether the help is for the writer or for someone they are worried about. */
  help?: AuthorHelp;
  clientId: string | null;
  createdAt: string;
}

export interface AiChat extends AiChatSummary {
  history: AiHistoryEntry[];
}

/** PUT /api/chats/{id}: Aura's answer to the question sent (the spec's client reads `aiResponse`). */
export interface AiReply {
  aiResponse: string;
  crisis: boolean;
  /** With `crisis`: whether the help is for the writer or for someone they are worried about. */
  help?: AuthorHelp;
}

/**
 * POST /api/chats answers the new chat's id as a JSON string (spec section 7: "new chat id"); the
 * answer to the first question is then read from the history (GET /api/chats/{id}). A retry with
 * the same clientId answers the same id and makes no second chat.
 */
export type CreateChatResponse = string;

export interface GenerateResponse {
  response: string;
}
