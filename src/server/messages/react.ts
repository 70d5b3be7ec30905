/**
 * A reaction added or taken away (docs/decisions/replies-edits-reactions.md): by someone who reads
 * the message in that conversation, never on a tombstone. In a direct thread, the person who
 * blocks the other is refused as their messages are; the blocked person's reaction is answered
 * as if taken and stored nowhere, so nothing tells them of the block.
 */
import type { BatchItem } from '../../shared/schemas';
import type { Db } from '../db/client';
import { isBlocking } from '../community/blocks';
import { AppError } from '../http/errors';
import { present, type Presented } from './changed';
import { setReaction } from './reactions';
import { targetMessage } from './target';

type ReactItem = Extract<BatchItem, { kind: 'react' }>;

export async function react(db: Db, userId: string, item: ReactItem): Promise<Presented> {
  const found = await targetMessage(db, userId, item.conversation, item.messageId);
  if (found.row.deletedAt) throw new AppError('CONFLICT', 'This message was deleted');
  if (found.kind === 'direct') {
    const other = found.row.senderId === userId ? found.row.receiverId : found.row.senderId;
    if (await isBlocking(db, userId, other)) throw new AppError('FORBIDDEN', 'You blocked this person. Unblock them to react.');
    if (await isBlocking(db, other, userId)) return present(db, found, userId, false);
  }
  const changed = await setReaction(db, found, userId, item.emoji, item.add);
  return changed ? present(db, changed, userId, true) : present(db, found, userId, false);
}
