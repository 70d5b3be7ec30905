/** Rows to the API's message shapes. */
import { sql } from 'drizzle-orm';
import type { DirectMessage, GroupMessage, MessageSender, ReactionSummary } from '../../shared/api';
import { users, type directMessages, type groupMessages, type UserRow } from '../db/schema';

const tombstoneOf = (m: { deletedAt: Date | null; deletedBy: 'sender' | 'moderator' | 'account' | null }) =>
  (m.deletedAt ? { deletedAt: m.deletedAt.toISOString(), deletedBy: m.deletedBy } : {});

type Extras = 'replyTo' | 'writtenAt' | 'editedAt';
type DirectRow = Pick<typeof directMessages.$inferSelect, 'id' | 'seq' | 'senderId' | 'receiverId' | 'text' | 'image' | 'clientId' | 'createdAt' | 'request' | 'deletedAt' | 'deletedBy' | Extras>;
type GroupRow = Pick<typeof groupMessages.$inferSelect, 'id' | 'seq' | 'groupId' | 'senderId' | 'text' | 'image' | 'clientId' | 'createdAt' | 'deletedAt' | 'deletedBy' | Extras>;

/** What both kinds carry beyond their words (docs/decisions/replies-edits-reactions.md). */
const extrasOf = (m: Pick<DirectRow, Extras>, reactions: ReactionSummary[]) => ({
  replyTo: m.replyTo, writtenAt: m.writtenAt?.toISOString() ?? null, editedAt: m.editedAt?.toISOString() ?? null, reactions,
});

/**
 * A direct message as `viewerId` reads it. Only its receiver learns that it is a request: its
 * sender is not told whether they have been accepted yet (docs/decisions/message-requests.md).
 * `reactions` as reactions.ts summarised them for this viewer (none for a message just stored).
 */
export function toDirectMessage(m: DirectRow, viewerId: string | null, reactions: ReactionSummary[] = []): DirectMessage {
  return {
    _id: m.id, seq: m.seq, senderId: m.senderId, receiverId: m.receiverId, text: m.text, image: m.image,
    clientId: m.clientId, createdAt: m.createdAt.toISOString(), ...extrasOf(m, reactions),
    ...(m.request && viewerId === m.receiverId ? { request: true } : {}), ...tombstoneOf(m),
  };
}

export function toGroupMessage(m: GroupRow, sender: MessageSender, reactions: ReactionSummary[] = []): GroupMessage {
  return {
    _id: m.id, seq: m.seq, groupId: m.groupId, senderId: m.senderId, sender, text: m.text, image: m.image,
    clientId: m.clientId, createdAt: m.createdAt.toISOString(), ...extrasOf(m, reactions), ...tombstoneOf(m),
  };
}

/** The name peers see: the person's chosen display name, else their full name (docs/decisions/community-rules.md, Display names). */
export const shownName = (user: Pick<UserRow, 'fullName' | 'displayName'>): string => user.displayName?.trim() || user.fullName;

/** What a group message shows of its sender. */
export const senderOf = (user: UserRow): MessageSender => ({ _id: user.id, fullName: shownName(user), profilePic: user.profilePic });

/** shownName in SQL, for queries joined to users. */
export const shownNameSql = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.fullName})`;

/** The same, as columns of a query joined to users. */
export const senderColumns = { _id: users.id, fullName: shownNameSql, profilePic: users.profilePic };

/** The sender of a message whose account is gone. */
export const DELETED_SENDER: Omit<MessageSender, '_id'> = { fullName: 'Deleted account', profilePic: '' };

/** A sender read through a left join: null when the account is gone. */
export const senderOrDeleted = (senderId: string, joined: { _id: string | null; fullName: string | null; profilePic: string | null } | null): MessageSender =>
  (joined?._id ? { _id: joined._id, fullName: joined.fullName ?? '', profilePic: joined.profilePic ?? '' } : { ...DELETED_SENDER, _id: senderId });
