/**
 * The live fast path for messages stored for the first time (catch-up is the sure path): both
 * people of a direct thread, every member of a group. A replay is never announced again. Nobody
 * is told of a message from someone they block: a withheld direct message reaches its sender's
 * devices only, a group message skips the blockers' rooms. Only the receiver's copy says it is a
 * request.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { userRoom } from '../../shared/realtime';
import { blockedBy, blockersOf, isBlocking } from '../community/blocks';
import type { Db } from '../db/client';
import type { directMessages, groupMessages } from '../db/schema';
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
    // The usual message is the same for both people: one broadcast (one NOTIFY across instances).
    if (!delivery?.withheld && !delivery?.request) {
      realtime.toUsers([message.receiverId, message.senderId]).emit('newMessage', message);
      continue;
    }
    if (!delivery?.withheld) realtime.toUsers([message.receiverId]).emit('newMessage', { ...message, request: true });
    realtime.toUsers([message.senderId]).emit('newMessage', message);
  }
}

/**
 * A changed message (taken back, edited, reacted to) to exactly the devices that hold it: both
 * people of a direct thread, except a receiver it was withheld from or who blocks its sender now;
 * a group's members, except those who block its author. `actorId`, when someone else changed it
 * (a reaction), also skips everyone who blocks them or whom they block. The event carries every
 * reaction: it goes to many at once, and each device drops the people it blocks
 * (docs/decisions/replies-edits-reactions.md).
 */
export async function announceChange(db: Db, realtime: Realtime, change: Changed, actorId?: string): Promise<void> {
  const { row, message } = change;
  if (change.kind === 'direct') {
    const hidden = change.row.withheld || await isBlocking(db, change.row.receiverId, row.senderId);
    realtime.toUsers(hidden ? [row.senderId] : [row.senderId, change.row.receiverId]).emit('messageChanged', message);
    return;
  }
  const skip = new Set(await blockersOf(db, row.senderId));
  if (actorId && actorId !== row.senderId) {
    for (const id of await blockersOf(db, actorId)) skip.add(id);
    for (const { id } of await blockedBy(db, actorId)) skip.add(id);
  }
  realtime.toGroup(change.row.groupId).except([...skip].map(userRoom)).emit('messageChanged', message);
}

export type Changed =
  | { kind: 'direct'; row: Pick<typeof directMessages.$inferSelect, 'senderId' | 'receiverId' | 'withheld'>; message: DirectMessage }
  | { kind: 'group'; row: Pick<typeof groupMessages.$inferSelect, 'senderId' | 'groupId'>; message: GroupMessage };
