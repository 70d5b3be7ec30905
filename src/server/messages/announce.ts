/**
 * The live fast path for a message stored for the first time (catch-up is the sure path): both
 * people of a direct thread, every member of a group. A replay is never announced again. Nobody
 * is told of a message from someone they block: a direct one reaches its sender's devices only,
 * a group one skips the blockers' rooms.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { userRoom } from '../../shared/realtime';
import { blockersOf, isBlocking } from '../community/blocks';
import type { Db } from '../db/client';
import type { Realtime } from '../realtime/realtime';

export async function announce(db: Db, realtime: Realtime, message: DirectMessage | GroupMessage): Promise<void> {
  if ('groupId' in message) {
    const blockers = await blockersOf(db, message.senderId);
    realtime.toGroup(message.groupId).except(blockers.map(userRoom)).emit('newGroupMessage', message);
    return;
  }
  const withheld = await isBlocking(db, message.receiverId, message.senderId);
  realtime.toUsers(withheld ? [message.senderId] : [message.receiverId, message.senderId]).emit('newMessage', message);
}
