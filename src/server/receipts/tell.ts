/**
 * Telling senders live that their direct messages were received or read further: the `receipt`
 * event to the sender's devices. Never about or to anyone either side blocks (the receipt query
 * leaves such pairs out).
 */
import type { Db } from '../db/client';
import type { Realtime } from '../realtime/realtime';
import { receiptAbout, receiptsAboutFor, receiptsFor } from './store';

/** `subjectId` received or read more of what `viewerId` sent them. */
export async function tellReceipt(db: Db, realtime: Realtime, viewerId: string, subjectId: string): Promise<void> {
  const receipt = await receiptAbout(db, viewerId, subjectId);
  if (receipt) realtime.toUsers([viewerId]).emit('receipt', receipt);
}

/**
 * `userId` turned read receipts on or off: the people who wrote to them see their reads appear or
 * go, and their own devices see everyone else's reads appear or go, at once.
 */
export async function tellSettingChanged(db: Db, realtime: Realtime, userId: string): Promise<void> {
  for (const { viewerId, receipt } of await receiptsAboutFor(db, userId)) realtime.toUsers([viewerId]).emit('receipt', receipt);
  for (const receipt of await receiptsFor(db, userId)) realtime.toUsers([userId]).emit('receipt', receipt);
}
