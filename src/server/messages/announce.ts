/**
 * The live fast path for a message stored for the first time (catch-up is the sure path): both
 * people of a direct thread, every member of a group. A replay is never announced again.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import type { Realtime } from '../realtime/realtime';

export function announce(realtime: Realtime, message: DirectMessage | GroupMessage): void {
  if ('groupId' in message) realtime.toGroup(message.groupId).emit('newGroupMessage', message);
  else realtime.toUsers([message.receiverId, message.senderId]).emit('newMessage', message);
}
