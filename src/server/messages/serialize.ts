/** Rows to the API's message shapes. */
import type { DirectMessage, GroupMessage, MessageSender } from '../../shared/api';
import type { directMessages, groupMessages } from '../db/schema';

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
