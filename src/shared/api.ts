/**
 * The shapes the API answers, as zod schemas: the server serialises every answer through its
 * route's schema (src/server/http/endpoint.ts), so an answer cannot drift from what is declared
 * here, and unknown fields never leave the server. The types are inferred from the schemas. The
 * browser imports only the types, so zod stays out of the screens that do not need it.
 */
import { z } from './zod';
import { sharedWellnessSchema } from './wellness-share';
import type { CrisisResource } from './crisis-resources';
import { ERROR_CODES, type ErrorCode } from './errors';
import { AURA_ROLES, GROUP_TYPES, ROLES, STATUSES } from './limits';
import type { AuthorHelp } from './safety/help';

const isoDate = z.string();

/** The signed-in person's own account: never a password hash or session data. */
export const authUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(STATUSES),
  profilePic: z.string(),
  referralCode: z.string().nullable(),
  referredBy: z.string().nullable(),
  verificationRequest: z.boolean(),
  verificationMessage: z.string(),
  createdAt: isoDate,
  /** The name peers see (docs/decisions/community-rules.md, Display names); null shows the full name. Only the person, their professional and admins see both. */
  displayName: z.string().nullable().optional(),
  /** Set while an admin has suspended the account. */
  suspended: z.boolean().optional(),
  /** The person asked that their referring professional be told of a crisis (docs/decisions/crisis-alerts.md); off by default. */
  crisisAlerts: z.boolean().optional(),
  /** Others see when this person has read their direct messages, and they see others' (docs/decisions/receipts-and-typing.md); on by default. */
  readReceipts: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUser>;

/** Another person as seen by a non-admin: no email, no referral code. */
export const publicUser = authUser.pick({ _id: true, fullName: true, role: true, status: true, profilePic: true, createdAt: true });
/**
 * A message taken back: its words and image are erased on the server; `deletedBy` says whether
 * its author deleted it, a moderator removed it, or its author's account was deleted.
 */
const tombstone = {
  deletedAt: isoDate.nullable().optional(),
  deletedBy: z.enum(['sender', 'moderator', 'account']).nullable().optional(),
};
export type PublicUser = z.infer<typeof publicUser>;

/** A person as the admin sees them. */
export const adminUser = authUser.extend({ rejectionReason: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/stats. GET /api/admin/all-users answers `AdminUser[]`. */
export const adminStats = z.object({
  total: z.number(), users: z.number(), therapists: z.number(), ngos: z.number(),
  volunteers: z.number(), verified: z.number(), pending: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const verifyUserResponse = messageResponse.extend({ referralCode: z.string(), user: adminUser });
export type VerifyUserResponse = z.infer<typeof verifyUserResponse>;

export const rejectUserResponse = messageResponse.extend({ user: adminUser });

export const validateReferralResponse = z.object({ valid: z.boolean() });
export type ValidateReferralResponse = z.infer<typeof validateReferralResponse>;

/** ImageKit-style upload parameters; `uploadUrl` is where the multipart POST goes. */
export const uploadAuth = z.object({
  publicKey: z.string(), signature: z.string(), expire: z.number(), token: z.string(), uploadUrl: z.string(),
});
export type UploadAuth = z.infer<typeof uploadAuth>;

export const uploadResult = z.object({
  url: z.string(), fileId: z.string(), name: z.string(), size: z.number(), fileType: z.string(),
});
export type UploadResult = z.infer<typeof uploadResult>;

export const group = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  description: z.string(),
  members: z.array(z.string()),
  createdAt: isoDate,
});
export type Group = z.infer<typeof group>;

export const createGroupResponse = messageResponse.extend({ group });

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;

const crisisResource = z.object({
  name: z.string(), contact: z.string(), region: z.string(),
  phone: z.string().optional(), sms: z.string().optional(), url: z.string().optional(),
}) satisfies z.ZodType<CrisisResource>;

/** GET /api/safety/resources */
export const crisisResourcesResponse = z.object({ resources: z.array(crisisResource) });

/** With a crisis: whether the help is for the writer or for someone they are worried about. */
const authorHelp = z.object({
  subject: z.enum(['self', 'other']),
  category: z.string().nullable(),
  imminent: z.boolean().optional(),
}) satisfies z.ZodType<AuthorHelp>;

/** One emoji of a message's reactions and who chose it (never anyone the caller blocks). */
const reactionSummary = z.object({ emoji: z.string(), userIds: z.array(z.string()) });
export type ReactionSummary = z.infer<typeof reactionSummary>;

/**
 * What direct and group messages share beyond their words (docs/decisions/replies-edits-reactions.md).
 * `writtenAt` is when its author wrote it (later than `createdAt` never; earlier when it waited
 * offline): the time a message shows. `replyTo` is the id of the message it answers.
 */
const messageExtras = {
  replyTo: z.string().nullable().optional(),
  writtenAt: isoDate.nullable().optional(),
  editedAt: isoDate.nullable().optional(),
  reactions: z.array(reactionSummary).optional(),
};

export const messageSender = z.object({ _id: z.string(), fullName: z.string(), profilePic: z.string() });
export type MessageSender = z.infer<typeof messageSender>;

/** A direct message. `seq` orders everything the server stores; `clientId` is the sender's idempotency key. */
export const directMessage = z.object({
  _id: z.string(),
  seq: z.number(),
  senderId: z.string(),
  receiverId: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  clientId: z.string(),
  createdAt: isoDate,
  /** From someone the receiver has not accepted yet: shown under Message requests (docs/decisions/message-requests.md). */
  request: z.boolean().optional(),
  ...messageExtras,
  ...tombstone,
});
export type DirectMessage = z.infer<typeof directMessage>;

export const groupMessage = z.object({
  _id: z.string(),
  seq: z.number(),
  groupId: z.string(),
  senderId: z.string(),
  sender: messageSender,
  text: z.string(),
  image: z.string().nullable().optional(),
  clientId: z.string(),
  createdAt: isoDate,
  ...messageExtras,
  ...tombstone,
});
export type GroupMessage = z.infer<typeof groupMessage>;

/** The author's own answer to a send: `help` when their message shows crisis risk (src/shared/safety/help.ts). */
export const sentDirect = directMessage.extend({ help: authorHelp.optional() });
export const sentGroup = groupMessage.extend({ help: authorHelp.optional() });

/**
 * A support group as a member or visitor sees it. Who belongs to a mental-health group is private:
 * `members` lists ids only for groups the caller is in; `memberCount` is for everyone.
 */
export const groupSummary = group.extend({
  memberCount: z.number(), isMember: z.boolean(),
  /** What a person agrees to before joining: the group's own text, or Haven's default. */
  guidelines: z.string().optional(),
});
export type GroupSummary = z.infer<typeof groupSummary>;

/** A group member as a fellow member sees them. */
export type GroupMember = MessageSender;

/**
 * POST /api/messages/join-group/{id}: the group just joined (spec: "the updated group"), its
 * members as people, since the joiner is now one of them and may see who else is.
 */
export const joinedGroup = groupSummary.extend({ members: z.array(messageSender) });
export type JoinedGroup = z.infer<typeof joinedGroup>;

export const adminGroup = group.extend({
  members: z.array(publicUser),
  /** What joiners agree to: the group's own text or Haven's default, as shown to them. */
  guidelines: z.string().optional(),
});
export type AdminGroup = z.infer<typeof adminGroup>;

/**
 * One page of catch-up: everything the caller may read that was stored or changed (taken back)
 * after `since`, in that order, read from one snapshot. A message keeps its `seq` (its place in
 * the thread); the cursor follows each message's last change, which is its seq until it changes.
 */
export const syncPage = z.object({
  direct: z.array(directMessage),
  group: z.array(groupMessage),
  /** Pass this as `since` next time: where the last message of this page was stored or changed. */
  cursor: z.number(),
  hasMore: z.boolean(),
  /**
   * The server database's identity. A device that kept a cursor from another epoch (the server's
   * database was reset or replaced) starts over from 0.
   */
  epoch: z.string(),
});
export type SyncPage = z.infer<typeof syncPage>;

/**
 * How far the caller has read one conversation (GET /api/reads, PUT /api/reads/{kind}/{id}, and the
 * socket's readPosition event): every message of it up to `seq` is read. `id` is the other person
 * (kind direct) or the group.
 */
export const readPosition = z.object({
  kind: z.enum(['direct', 'group']),
  id: z.string(),
  seq: z.number(),
  updatedAt: isoDate,
});
export type ReadPosition = z.infer<typeof readPosition>;
export const readPositionList = z.array(readPosition);

/**
 * How far the other person of a direct conversation has received and read what the caller sent
 * them (GET /api/receipts, and the socket's receipt event): every message up to `delivered` reached
 * one of their devices; up to `read` they have read. `read` is null when either of the two turned
 * read receipts off. Nothing is answered about anyone either of them blocks.
 */
export const receipt = z.object({ id: z.string(), delivered: z.number(), read: z.number().nullable() });
export type Receipt = z.infer<typeof receipt>;
export const receiptList = z.array(receipt);

/** GET /api/messages/search: newest first; `hasMore` when an older page exists (pass the last seq as `before`). */
export const searchResults = z.object({
  results: z.array(z.union([directMessage, groupMessage])),
  hasMore: z.boolean(),
});
export type SearchResults = z.infer<typeof searchResults>;

/** One result of POST /api/messages/batch, in the order of the items sent. */
export const batchResult = z.union([
  z.object({ clientId: z.string(), ok: z.literal(true), message: z.union([directMessage, groupMessage]), help: authorHelp.optional() }),
  z.object({ clientId: z.string().nullable(), ok: z.literal(false), code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]), message: z.string() }),
]);
export type BatchResult = z.infer<typeof batchResult>;

export const batchResponse = z.object({ results: z.array(batchResult) });
export type BatchResponse = z.infer<typeof batchResponse>;

export const aiChatSummary = z.object({ _id: z.string(), title: z.string(), createdAt: isoDate, updatedAt: isoDate });
export type AiChatSummary = z.infer<typeof aiChatSummary>;

/** One turn of an Aura chat, in the spec's shape: role 'user' or 'model', parts[0] holds text and an optional img. */
export const aiHistoryEntry = z.object({
  _id: z.string(),
  role: z.enum(AURA_ROLES),
  parts: z.array(z.object({ text: z.string(), img: z.string().optional() })),
  /** On Aura's answers: the person's message showed risk, so the help card shows. */
  crisis: z.boolean(),
  help: authorHelp.optional(),
  clientId: z.string().nullable(),
  createdAt: isoDate,
});
export type AiHistoryEntry = z.infer<typeof aiHistoryEntry>;

export const aiChat = aiChatSummary.extend({ history: z.array(aiHistoryEntry) });
export type AiChat = z.infer<typeof aiChat>;

/** PUT /api/chats/{id}: Aura's answer to the question sent (the spec's client reads `aiResponse`). */
export const aiReply = z.object({ aiResponse: z.string(), crisis: z.boolean(), help: authorHelp.optional() });
export type AiReply = z.infer<typeof aiReply>;

/**
 * POST /api/chats answers the new chat's id as a JSON string (spec section 7: "new chat id"); the
 * answer to the first question is then read from the history (GET /api/chats/{id}). A retry with
 * the same clientId answers the same id and makes no second chat.
 */
export const createChatResponse = z.string();
export type CreateChatResponse = z.infer<typeof createChatResponse>;

export const generateResponse = z.object({ response: z.string() });
export type GenerateResponse = z.infer<typeof generateResponse>;

export const adminUserList = z.array(adminUser);
export const adminGroupList = z.array(adminGroup);
export const publicUserList = z.array(publicUser);
export const groupSummaryList = z.array(groupSummary);
export const directMessageList = z.array(directMessage);
export const groupMessageList = z.array(groupMessage);
export const aiChatSummaryList = z.array(aiChatSummary);

/** One of the signed-in person's sessions. `_id` is a random handle, never derived from the cookie's token. */
export const accountSession = z.object({
  _id: z.string(),
  createdAt: isoDate,
  lastSeenAt: isoDate,
  /** "Chrome on Android", from the browser's User-Agent at sign-in. */
  browser: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionList = z.array(accountSession);

/** A password change or a sign-out of other devices: how many sessions ended. */
export const sessionsEndedResponse = messageResponse.extend({ ended: z.number() });

/** POST /api/admin/reset-password/{id}: shown to the admin once, to hand over in person or by phone. */
/** `emailed`: the code also went to the person's address (the server sends e-mail: SMTP_URL). */
export const resetCodeResponse = z.object({ resetCode: z.string(), expiresAt: isoDate, emailed: z.boolean() });
export type ResetCodeResponse = z.infer<typeof resetCodeResponse>;

/**
 * GET /api/me/export: what the server holds about the person, in a file of their own. Nothing of
 * anyone else's threads, no password hash, no session data; people appear by id and name only.
 */
export const accountExport = z.object({
  format: z.literal('haven-account-export'),
  version: z.literal(1),
  exportedAt: isoDate,
  profile: authUser,
  directConversations: z.array(z.object({
    with: z.object({ _id: z.string(), fullName: z.string() }),
    messages: z.array(z.object({ _id: z.string(), fromMe: z.boolean(), text: z.string(), image: z.string().nullable(), createdAt: isoDate })),
  })),
  groups: z.array(z.object({ _id: z.string(), name: z.string(), type: z.enum(GROUP_TYPES), description: z.string(), joinedAt: isoDate })),
  groupMessages: z.array(z.object({ _id: z.string(), groupId: z.string(), groupName: z.string(), text: z.string(), createdAt: isoDate })),
  auraChats: z.array(aiChatSummary.extend({
    history: z.array(z.object({ role: z.enum(AURA_ROLES), text: z.string(), img: z.string().nullable(), createdAt: isoDate })),
  })),
  /** The wellness summary shared with the referring professional, while it is shared. */
  wellnessShare: sharedWellnessSchema.nullable(),
});
export type AccountExport = z.infer<typeof accountExport>;
