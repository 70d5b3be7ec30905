/**
 * The message an edit, a reaction or a reply points at: it must belong to the conversation the
 * item names and be one its author may read (docs/decisions/replies-edits-reactions.md). Anything
 * else answers as no message at all, so an id cannot be used to probe other conversations.
 */
import type { PeopleConversation } from '../../shared/conversation';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { isBlocking } from '../community/blocks';
import { isMember } from './access';
import { findMessage, type FoundMessage } from './take-back';

type Conversation = PeopleConversation;

/**
 * The message, when `userId` reads it in `conversation` (direct: `id` is the other person): one of
 * their thread, not withheld from them nor from someone they block; or of a group they belong to,
 * not from someone they block. Null otherwise.
 */
export async function messageIn(db: Db, userId: string, conversation: Conversation, messageId: string): Promise<FoundMessage | null> {
  const found = await findMessage(db, messageId);
  if (!found || found.kind !== conversation.kind) return null;
  if (found.kind === 'direct') {
    const { senderId, receiverId, withheld } = found.row;
    if (senderId === userId) return receiverId === conversation.id ? found : null;
    const readable = receiverId === userId && senderId === conversation.id && !withheld && !(await isBlocking(db, userId, senderId));
    return readable ? found : null;
  }
  if (found.row.groupId !== conversation.id || !(await isMember(db, conversation.id, userId))) return null;
  return found.row.senderId === userId || !(await isBlocking(db, userId, found.row.senderId)) ? found : null;
}

export async function targetMessage(db: Db, userId: string, conversation: Conversation, messageId: string): Promise<FoundMessage> {
  const found = await messageIn(db, userId, conversation, messageId);
  if (!found) throw new AppError('NOT_FOUND', 'Message not found');
  return found;
}

/** A send's `replyTo`, checked: a message of the same conversation that the sender reads. A tombstone may be answered. */
export async function replyTarget(db: Db, userId: string, conversation: Conversation, replyTo: string | null | undefined): Promise<string | null> {
  if (!replyTo) return null;
  if (!(await messageIn(db, userId, conversation, replyTo))) {
    throw new AppError('VALIDATION_FAILED', 'You can only reply to a message in this conversation', { fields: { replyTo: 'You can only reply to a message in this conversation' } });
  }
  return replyTo;
}
