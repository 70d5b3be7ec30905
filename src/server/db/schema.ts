/**
 * The one Drizzle schema (PostgreSQL 15 features only: PGlite is 18 inside, Debian's server is 15).
 * Ids are 24-hex strings made by src/shared/ids. Messages share one sequence so a single
 * cursor covers direct and group catch-up.
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AURA_ROLES, GROUP_TYPES, ROLES, STATUSES } from '../../shared/limits';
import { PEOPLE_CONVERSATION_KINDS } from '../../shared/conversation';
import { MODERATION_ACTIONS, REPORT_OUTCOMES, REPORT_REASONS } from '../../shared/community';
import {
  bigint, boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const id = (name: string) => varchar(name, { length: 24 });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const messageSeq = pgSequence('message_seq');
const seq = () => bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('message_seq')`);
/**
 * The message's place in catch-up: its seq when stored, a fresh value from the same sequence
 * whenever it changes (taken back), so a device's cursor reaches the change. History keeps `seq`.
 */
const rev = () => bigint('rev', { mode: 'number' }).notNull().default(sql`nextval('message_seq')`);
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
/** 'sender', 'moderator' or 'account' (the author deleted their account). */
const deletedBy = () => text('deleted_by', { enum: ['sender', 'moderator', 'account'] });
/**
 * What direct and group messages share beyond their words (docs/decisions/replies-edits-reactions.md):
 * the message it answers (same conversation; no foreign key, a reply outlives its original as a
 * tombstone does), when its author wrote it (offline writing is stored later), and its last edit.
 */
const messageExtras = () => ({
  replyTo: id('reply_to'),
  writtenAt: timestamp('written_at', { withTimezone: true, mode: 'date' }),
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
});

export const users = pgTable('users', {
  id: id('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ROLES }).notNull(),
  status: text('status', { enum: STATUSES }).notNull(),
  profilePic: text('profile_pic').notNull().default(''),
  referralCode: text('referral_code'),
  referredBy: id('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  verificationRequest: boolean('verification_request').notNull().default(false),
  verificationMessage: text('verification_message').notNull().default(''),
  rejectionReason: text('rejection_reason'),
  /** The name peers see (docs/decisions/community-rules.md); null shows the full name. */
  displayName: text('display_name'),
  /** Set while an admin has suspended the account: no sign-in, no session, no socket. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
  /** The person asked that their referring professional be told when they write something that suggests crisis (docs/decisions/crisis-alerts.md). */
  crisisAlerts: boolean('crisis_alerts').notNull().default(false),
  /** When their professional was last told: at most one alert per ALERT_INTERVAL. */
  lastCrisisAlertAt: timestamp('last_crisis_alert_at', { withTimezone: true, mode: 'date' }),
  /** Whether others see when this person has read their direct messages; off also hides others' (docs/decisions/receipts-and-typing.md). */
  readReceipts: boolean('read_receipts').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  uniqueIndex('users_referral_code_idx').on(t.referralCode),
  index('users_referred_by_idx').on(t.referredBy),
  index('users_role_status_idx').on(t.role, t.status),
]);

export const sessions = pgTable('sessions', {
  /** SHA-256 of the cookie's token: a copy of this table does not sign anyone in. */
  id: text('id').primaryKey(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The handle the person sees in their sessions list: random, unrelated to the token, so showing
   * it (or a log line holding it) cannot lead back to the cookie. The default fills older rows too.
   */
  publicId: id('public_id').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 24)`),
  createdAt: createdAt(),
  /** Touched at most every few minutes (src/server/auth/sessions.ts); idle sessions end. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** A short label ("Chrome on Android"), not the whole User-Agent: enough to recognise a device. */
  browser: text('browser'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_id_idx').on(t.publicId)]);

/**
 * One-time password reset codes made by an admin (Haven sends no email). One per person: a new
 * code replaces the old. Only the SHA-256 of the code is kept; spending it deletes the row.
 */
export const passwordResets = pgTable('password_resets', {
  userId: id('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdBy: id('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const groups = pgTable('groups', {
  id: id('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: GROUP_TYPES }).notNull(),
  description: text('description').notNull(),
  /** What a person agrees to before joining; null uses Haven's default (src/shared/guidelines.ts). */
  guidelines: text('guidelines'),
  createdBy: id('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const groupMembers = pgTable('group_members', {
  groupId: id('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  joinedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)]);

export const directMessages = pgTable('direct_messages', {
  id: id('id').primaryKey(),
  seq: seq(),
  rev: rev(),
  // No foreign key: a deleted account's messages stay as tombstones on the other side (docs/decisions/taking-messages-back.md).
  senderId: id('sender_id').notNull(),
  receiverId: id('receiver_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  image: text('image'),
  clientId: text('client_id').notNull(),
  /** From someone the receiver had not accepted when it was sent: a message request. */
  request: boolean('request').notNull().default(false),
  /** The receiver had blocked the sender when it was sent: never delivered to them, even after an unblock. */
  withheld: boolean('withheld').notNull().default(false),
  ...messageExtras(),
  deletedAt: deletedAt(),
  deletedBy: deletedBy(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('direct_messages_sender_client_idx').on(t.senderId, t.clientId),
  index('direct_messages_pair_idx').on(t.senderId, t.receiverId, t.seq),
  index('direct_messages_receiver_idx').on(t.receiverId, t.seq),
  index('direct_messages_receiver_rev_idx').on(t.receiverId, t.rev),
  index('direct_messages_sender_rev_idx').on(t.senderId, t.rev),
]);

export const groupMessages = pgTable('group_messages', {
  id: id('id').primaryKey(),
  seq: seq(),
  rev: rev(),
  groupId: id('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  // No foreign key, as for direct messages: tombstones outlive a deleted account.
  senderId: id('sender_id').notNull(),
  text: text('text').notNull(),
  image: text('image'),
  clientId: text('client_id').notNull(),
  ...messageExtras(),
  deletedAt: deletedAt(),
  deletedBy: deletedBy(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('group_messages_sender_client_idx').on(t.senderId, t.clientId),
  index('group_messages_group_idx').on(t.groupId, t.seq),
  index('group_messages_group_rev_idx').on(t.groupId, t.rev),
  // A writer's last few lines in a group, for judging a message in its context (docs/decisions/message-context-and-second-opinion.md).
  index('group_messages_group_sender_idx').on(t.groupId, t.senderId, t.seq),
]);

/**
 * One person's reaction to one direct or group message: one row per person per emoji. `message_id`
 * has no foreign key, as it points at either table; a reaction changes its message's `rev`, so
 * catch-up carries the message again with its reactions.
 */
export const reactions = pgTable('reactions', {
  messageId: id('message_id').notNull(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  emoji: text('emoji').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })]);

/**
 * How far `user_id`'s devices have received the direct messages `other_id` sent them: the seq of
 * the newest. It only moves forward; the sender sees "Delivered" up to it.
 */
export const deliveredPositions = pgTable('delivered_positions', {
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  otherId: id('other_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.otherId] }), index('delivered_positions_other_idx').on(t.otherId)]);

/** A block: `blocked_id`'s messages and presence never reach `blocker_id` (docs/decisions/blocks.md). */
export const blocks = pgTable('blocks', {
  blockerId: id('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  blockedId: id('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)]);

/**
 * `user_id` takes direct messages from `other_id` as a conversation, not a request: they wrote
 * to them, accepted their request, or the two are bound by a referral
 * (docs/decisions/message-requests.md).
 */
export const contacts = pgTable('contacts', {
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  otherId: id('other_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.otherId] })]);

/** A muted conversation: no unread totals or badges (and later no notifications) until `until`; null is always. */
export const mutes = pgTable('mutes', {
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PEOPLE_CONVERSATION_KINDS }).notNull(),
  conversationId: id('conversation_id').notNull(),
  until: timestamp('until', { withTimezone: true, mode: 'date' }),
}, (t) => [primaryKey({ columns: [t.userId, t.kind, t.conversationId] })]);

/**
 * A report of a message, a person or a group. `reported_text` keeps the message's words as the
 * reporter saw them, so a moderator can judge one its author deleted since; it is erased once the
 * report is resolved.
 */
export const reports = pgTable('reports', {
  id: id('id').primaryKey(),
  reporterId: id('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason', { enum: REPORT_REASONS }).notNull(),
  note: text('note').notNull().default(''),
  messageId: id('message_id'),
  messageKind: text('message_kind', { enum: PEOPLE_CONVERSATION_KINDS }),
  subjectUserId: id('subject_user_id'),
  groupId: id('group_id'),
  reportedText: text('reported_text'),
  status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
  outcome: text('outcome', { enum: REPORT_OUTCOMES }),
  resolvedBy: id('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  resolutionNote: text('resolution_note').notNull().default(''),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [index('reports_status_idx').on(t.status, t.createdAt), index('reports_reporter_idx').on(t.reporterId, t.createdAt)]);

/** Every moderator action, kept: who, when, what, why. Ids are kept as written, even once deleted. */
export const moderationActions = pgTable('moderation_actions', {
  id: id('id').primaryKey(),
  actorId: id('actor_id'),
  actorName: text('actor_name').notNull(),
  action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
  subjectUserId: id('subject_user_id'),
  messageId: id('message_id'),
  reportId: id('report_id'),
  groupId: id('group_id'),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('moderation_actions_created_idx').on(t.createdAt)]);

/**
 * How far each person has read each conversation: the seq of the newest message they have seen,
 * kept here so all their devices agree. `conversation_id` is the other person (kind 'direct') or
 * the group (kind 'group'); no foreign key, as it points at either. It only ever moves forward
 * (routes/reads.ts: an upsert with GREATEST), so two devices racing cannot move it back.
 */
export const readPositions = pgTable('read_positions', {
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PEOPLE_CONVERSATION_KINDS }).notNull(),
  conversationId: id('conversation_id').notNull(),
  lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind, t.conversationId] })]);

export const aiChats = pgTable('ai_chats', {
  id: id('id').primaryKey(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('ai_chats_user_idx').on(t.userId, t.updatedAt)]);

export const aiMessages = pgTable('ai_messages', {
  id: id('id').primaryKey(),
  seq: seq(),
  chatId: id('chat_id').notNull().references(() => aiChats.id, { onDelete: 'cascade' }),
  role: text('role', { enum: AURA_ROLES }).notNull(),
  text: text('text').notNull().default(''),
  img: text('img'),
  /** The person's idempotency key; Aura's answer carries `<question's key>:reply`, so one question gets one answer. */
  clientId: text('client_id'),
  /** Aura's answer to a message that showed risk: the client shows the help card beside it. */
  crisis: boolean('crisis').notNull().default(false),
  /** …and the risk was imminent: the emergency number comes first on the card. */
  imminent: boolean('imminent').notNull().default(false),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('ai_messages_user_client_idx').on(t.userId, t.clientId),
  index('ai_messages_chat_idx').on(t.chatId, t.seq),
]);

/**
 * A discreet alert to a referring professional that someone who opted in may need support
 * (docs/decisions/crisis-alerts.md). It names the person and the time only: never the words that
 * raised it.
 */
export const crisisAlerts = pgTable('crisis_alerts', {
  id: id('id').primaryKey(),
  clientId: id('client_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  professionalId: id('professional_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** When the professional marked it as seen; null while it is new. */
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [index('crisis_alerts_professional_idx').on(t.professionalId, t.createdAt)]);

export const uploadTokens = pgTable('upload_tokens', {
  token: text('token').primaryKey(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expire: integer('expire').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [index('upload_tokens_user_idx').on(t.userId)]);

/** Files in the built-in image store, so deleting a person deletes their files too. */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
}, (t) => [index('uploads_user_idx').on(t.userId)]);

/**
 * Facts about this database itself. 'epoch' is its identity, made once by migration 0003: a
 * device holding a sync cursor from another epoch (a reset or replaced database) starts over.
 */
export const serverMeta = pgTable('server_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rate-limit and failed-login counters shared by every instance on PostgreSQL, in the shape
 * rate-limiter-flexible's RateLimiterPostgres reads and writes (src/server/limits/limiters.ts).
 * Keys are hashes: no email or address is kept here. PGlite counts in memory and leaves it empty.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  /** Milliseconds since 1970 when the count ends. */
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * A browser's Web Push subscription (docs/decisions/notifications.md). It belongs to one session:
 * signing out, the session ending and the account's deletion remove it (the cascade), as does a
 * push service answering 404 or 410. The endpoint is unique: the same browser subscribing again,
 * signed in as someone else, takes its row over.
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id('id').primaryKey(),
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
  index('push_subscriptions_user_idx').on(t.userId),
  index('push_subscriptions_session_idx').on(t.sessionId),
]);

/** What notifies a person (shared/push.ts PushSettings); no row is the defaults. */
export const pushSettings = pgTable('push_settings', {
  userId: id('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  groups: boolean('groups').notNull().default(true),
  aura: boolean('aura').notNull().default(true),
  account: boolean('account').notNull().default(true),
  crisis: boolean('crisis').notNull().default(true),
  showNames: boolean('show_names').notNull().default(false),
  /** Minutes after midnight in `time_zone`; both null: no quiet hours. */
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  timeZone: text('time_zone'),
  /** Pushes held through quiet hours, sent as one summary when they end. */
  heldCount: integer('held_count').notNull().default(0),
  heldSince: timestamp('held_since', { withTimezone: true, mode: 'date' }),
});

/** Groups whose messages notify the person (off unless turned on per group). */
export const pushGroups = pgTable('push_groups', {
  userId: id('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  groupId: id('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('push_groups_group_idx').on(t.groupId)]);

export type UserRow = typeof users.$inferSelect;

/**
 * A person's wellness summary shared with the professional who referred them (shared/
 * wellness-share.ts): a row exists only while they share; withdrawing deletes it.
 */
export const wellnessShares = pgTable('wellness_shares', {
  userId: id('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  professionalId: id('professional_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('wellness_shares_professional_idx').on(t.professionalId)]);
