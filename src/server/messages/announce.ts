/**
 * The live fast path for a message stored for the first time (catch-up is the sure path): both
 * people of a direct thread, every member of a group. A replay is never announced again. Nobody
 * is told of a message from someone they block: a direct one reaches its sender's devices only,
 * a group one skips the blockers' rooms.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { userRoom } from '../../shared/realtime';
import { eq } from 'drizzle-orm';
import { blockersOf } from '../community/blocks';
import type { Db } from '../db/client';
import { directMessages } from '../db/schema';
import type { Realtime } from '../realtime/realtime';

export async function announce(db: Db, realtime: Realtime, message: DirectMessage | GroupMessage): Promise<void> {
  if ('groupId' in message) {
    const blockers = await blockersOf(db, message.senderId);
    realtime.toGroup(message.groupId).except(blockers.map(userRoom)).emit('newGroupMessage', message);
    return;
  }
  // As stored: withheld when the receiver blocked the sender, a request when they had not accepted them.
  const [row] = await db.select({ withheld: directMessages.withheld, request: directMessages.request })
    .from(directMessages).where(eq(directMessages.id, message._id)).limit(1);
  if (!row?.withheld) realtime.toUsers([message.receiverId]).emit('newMessage', row?.request ? { ...message, request: true } : message);
  realtime.toUsers([message.senderId]).emit('newMessage', message);
}
