/** Rows to the API's message shapes. */
import type { DirectMessage, GroupMessage, MessageSender } from '../../shared/api';
import { users, type directMessages, type groupMessages, type UserRow } from '../db/schema';

export function toDirectMessage(m: typeof directMessages.$inferSelect): DirectMessage {
  return {
    _id: m.id, seq: m.seq, senderId: m.senderId, receiverId: m.receiverId, text: m.text, image: m.image,
    clientId: m.clientId, createdAt: m.createdAt.toISOString(),
  };
}

export function toGroupMessage(m: typeof groupMessages.$inferSelect, sender: MessageSender): GroupMessage {
  return {
    _id: m.id, seq: m.seq, groupId: m.groupId, senderId: m.senderId, sender, text: m.text,
    clientId: m.clientId, createdAt: m.createdAt.toISOString(),
  };
}

/** What a group message shows of its sender. */
export const senderOf = (user: UserRow): MessageSender => ({ _id: user.id, fullName: user.fullName, profilePic: user.profilePic });

/** The same, as columns of a query joined to users. */
export const senderColumns = { _id: users.id, fullName: users.fullName, profilePic: users.profilePic };
