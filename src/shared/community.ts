/**
 * Community safety (docs/community-safety.md): blocks, message requests, reports and moderation, mutes, group
 * members and guidelines, display names. What the routes take and answer, in one place for both
 * sides; the browser imports the types and the constants.
 */
import { z } from './zod';
import { PEOPLE_CONVERSATION_KINDS } from './conversation';
import { ROLES } from './limits';
import { idString } from './schemas';

const isoDate = z.string();

export const REPORT_REASONS = ['harassment', 'self-harm', 'sexual', 'personal-info', 'spam', 'at-risk', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a person reads for each reason, in the order offered. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or bullying',
  'self-harm': 'Self-harm or suicide content (method detail or encouragement)',
  sexual: 'Sexual content or grooming',
  'personal-info': 'Sharing personal information',
  spam: 'Spam or scams',
  'at-risk': 'Someone may be at risk',
  other: 'Something else',
};

export const REPORT_NOTE_MAX_LENGTH = 1000;
export const MODERATION_NOTE_MAX_LENGTH = 1000;
export const GUIDELINES_MAX_LENGTH = 4000;

const noteField = (max: number) => z.string().trim().max(max, `Please keep the note under ${max} characters`).optional();

/** POST /api/reports: exactly one of a message, a person or a group. */
export const reportSchema = z.object({
  messageId: idString.optional(),
  userId: idString.optional(),
  groupId: idString.optional(),
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason' }),
  note: noteField(REPORT_NOTE_MAX_LENGTH),
}).refine((r) => [r.messageId, r.userId, r.groupId].filter(Boolean).length === 1, {
  message: 'Report one message, person or group', path: ['messageId'],
});
export type ReportInput = z.input<typeof reportSchema>;

export const REPORT_ACTIONS = ['dismiss', 'remove-message', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'Action must be dismiss, remove-message or suspend' }),
  note: noteField(MODERATION_NOTE_MAX_LENGTH),
});
export const moderatorNoteSchema = z.object({ note: noteField(MODERATION_NOTE_MAX_LENGTH) });
export const reportStatusQuery = z.object({ status: z.enum(['open', 'resolved', 'all']).default('open') });

/** What the reporter reads about the outcome. */
export const REPORT_OUTCOMES = ['dismissed', 'message-removed', 'suspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_TEXT: Record<ReportOutcome, string> = {
  dismissed: 'No rule was broken',
  'message-removed': 'We removed the message',
  suspended: 'We suspended the account',
};

/** Mutes: 8 hours, a week, or always (`until: null`). */
export const muteParams = z.object({
  kind: z.enum(PEOPLE_CONVERSATION_KINDS, { error: 'Kind must be direct or group' }),
  id: idString,
});
export const muteSchema = z.object({
  until: z.iso.datetime({ offset: true, error: 'until must be an ISO time or null' }).nullable(),
});
export const MUTE_CHOICES = [
  { label: 'For 8 hours', hours: 8 },
  { label: 'For a week', hours: 24 * 7 },
  { label: 'Always', hours: null },
] as const;

export const messageIdParam = z.object({ messageId: idString });

export const guidelinesSchema = z.object({
  guidelines: z.string().trim().max(GUIDELINES_MAX_LENGTH, `Please keep the guidelines under ${GUIDELINES_MAX_LENGTH} characters`),
});

// ---- Answers ----

export const blockedPerson = z.object({ _id: z.string(), fullName: z.string(), profilePic: z.string(), blockedAt: isoDate });
export type BlockedPerson = z.infer<typeof blockedPerson>;
export const blockedList = z.array(blockedPerson);

export const messageRequest = z.object({
  _id: z.string(), fullName: z.string(), profilePic: z.string(), role: z.enum(ROLES),
  /** How many messages wait, and when the newest came. */
  count: z.number(), lastAt: isoDate,
});
export type MessageRequest = z.infer<typeof messageRequest>;
export const messageRequestList = z.array(messageRequest);

export const mute = z.object({ kind: z.enum(PEOPLE_CONVERSATION_KINDS), id: z.string(), until: isoDate.nullable() });
export type Mute = z.infer<typeof mute>;
export const muteList = z.array(mute);

export const groupMemberEntry = z.object({
  _id: z.string(), fullName: z.string(), profilePic: z.string(),
  /** Shown for verified professionals and Haven's team; null for peers. */
  role: z.enum(ROLES).nullable(),
});
export type GroupMemberEntry = z.infer<typeof groupMemberEntry>;
export const groupMemberList = z.array(groupMemberEntry);

const reportTarget = z.object({
  kind: z.enum(['message', 'user', 'group']),
  id: z.string(),
  /** A readable name: the person's shown name, the group's name, or the message's sender. */
  label: z.string(),
});

export const myReport = z.object({
  _id: z.string(), reason: z.enum(REPORT_REASONS), note: z.string(), status: z.enum(['open', 'resolved']),
  outcome: z.enum(REPORT_OUTCOMES).nullable(), target: reportTarget, createdAt: isoDate, resolvedAt: isoDate.nullable(),
});
export type MyReport = z.infer<typeof myReport>;
export const myReportList = z.array(myReport);

const contextLine = z.object({
  _id: z.string(), senderName: z.string(), text: z.string(), createdAt: isoDate, reported: z.boolean(), deleted: z.boolean(),
});
export type ContextLine = z.infer<typeof contextLine>;

export const adminReport = myReport.extend({
  reporter: z.object({ _id: z.string().nullable(), fullName: z.string() }),
  /** The person reported, or the author of the message reported. */
  subject: z.object({ _id: z.string(), fullName: z.string(), suspended: z.boolean() }).nullable(),
  /** The reported message's words as the reporter saw them, kept until the report is resolved. */
  reportedText: z.string().nullable(),
  /** A few messages before and after the reported one, from the database. */
  context: z.array(contextLine),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string(),
});
export type AdminReport = z.infer<typeof adminReport>;
export const adminReportList = z.array(adminReport);

export const MODERATION_ACTIONS = ['dismiss', 'remove-message', 'suspend', 'unsuspend', 'set-guidelines'] as const;
export const moderationEntry = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string().nullable(), fullName: z.string() }),
  action: z.enum(MODERATION_ACTIONS),
  subjectUserId: z.string().nullable(),
  messageId: z.string().nullable(),
  reportId: z.string().nullable(),
  groupId: z.string().nullable(),
  note: z.string(),
  createdAt: isoDate,
});
export type ModerationEntry = z.infer<typeof moderationEntry>;
export const moderationLog = z.array(moderationEntry);

export const reportCreated = z.object({ _id: z.string(), message: z.string() });
