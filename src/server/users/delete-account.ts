/**
 * Deleting a person, one way for both doors (an admin's delete-user, and the person's own
 * DELETE /api/me), so the two can never drift apart in what they leave behind.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AppEvents } from '../events';
import type { ImageStore } from '../uploads/store';
import { takeBackAllOf } from '../messages/take-back';

export async function deleteAccount(db: Db, store: ImageStore, events: AppEvents, userId: string): Promise<void> {
  // Read before the delete: the rows that name the files go with the person.
  const files = await store.namesOwnedBy(userId);
  // What they wrote becomes tombstones on other people's devices
  // (docs/decisions/taking-messages-back.md); then sessions, the messages they received,
  // memberships, blocks, Aura chats, upload rows and reset codes go by ON DELETE CASCADE; people
  // they referred stay, with no referrer.
  await takeBackAllOf(db, userId);
  await db.delete(users).where(eq(users.id, userId));
  await store.remove(files);
  // Every device: their sockets close at once (realtime listens).
  events.emit('userDeleted', userId);
}
