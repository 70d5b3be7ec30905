/**
 * The live fast path for messages stored for the first time (catch-up is the sure path): both
 * people of a direct thread, every member of a group. A replay is never announced again. Nobody
 * is told of a message from someone they block: a withheld direct message reaches its sender's
 * devices only, a group message skips the blockers' rooms. Only the receiver's copy says it is a
 * request.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { userRoom } from '../../shared/realtime';
import { blockersOf } from '../community/blocks';
import type { Db } from '../db/client';
import type { Realtime } from '../realtime/realtime';
import type { Stored } from './store';

/** One sender's new messages, in the order stored; who blocks the sender is read once for all. */
export async function announce(db: Db, realtime: Realtime, stored: readonly Stored<DirectMessage | GroupMessage>[]): Promise<void> {
  const senderId = stored[0]?.message.senderId;
  const blockers = senderId && stored.some(({ message }) => 'groupId' in message) ? (await blockersOf(db, senderId)).map(userRoom) : [];
  for (const { message, delivery } of stored) {
    if ('groupId' in message) {
      realtime.toGroup(message.groupId).except(blockers).emit('newGroupMessage', message);
      continue;
    }
    if (!delivery?.withheld) realtime.toUsers([message.receiverId]).emit('newMessage', delivery?.request ? { ...message, request: true } : message);
    realtime.toUsers([message.senderId]).emit('newMessage', message);
  }
}
