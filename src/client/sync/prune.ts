/**
 * A bounded local copy (docs/architecture.md section 3): each conversation keeps its newest rows on the device;
 * older ones are removed and come back on demand through history paging (history.ts). Nothing
 * that is not yet sent is ever removed, nor any row the outbox still points to, nor anything of a
 * conversation open on screen (held.ts). Photos kept on the device that no waiting message names
 * any more go too.
 */
import { Dexie } from 'dexie';
import type { HavenDb } from '../db/database';
import { sweepOrphanImages } from '../db/device-images';
import { isHeld } from './held';

export const KEEP_PER_CONVERSATION = 500;
const DELETE_SLICE = 1_000;

/** Removes, per conversation over `keep` rows, the stored rows older than its newest `keep`; answers how many went. */
export async function pruneConversations(db: HavenDb, keep = KEEP_PER_CONVERSATION): Promise<number> {
  const conversations = (await db.messages.orderBy('conversation').uniqueKeys()) as string[];
  let removed = 0;
  for (const conversation of conversations) {
    if (isHeld(db, conversation)) continue;
    // One transaction each: a send or a catch-up page landing meanwhile is counted in, never raced.
    removed += await db.transaction('rw', db.messages, db.outbox, async () => {
      const total = await db.messages.where('conversation').equals(conversation).count();
      if (total <= keep) return 0;
      // Keys only: after a catch-up of a big group this is tens of thousands of rows, and reading
      // them whole held the main thread for a second. Rows not sent yet and rows the outbox
      // points to are few, so they are read as sets to leave out.
      const oldest = (await db.messages.where('[conversation+sortKey]')
        .between([conversation, Dexie.minKey], [conversation, Dexie.maxKey])
        .limit(total - keep).primaryKeys()) as string[];
      const unsent = new Set((await db.messages.where('status').notEqual('sent').primaryKeys()) as string[]);
      const held = new Set((await db.outbox.orderBy('messageKey').keys()) as string[]);
      const doomed = oldest.filter((key) => !unsent.has(key) && !held.has(key));
      // In slices, each awaited: one call with tens of thousands of keys makes as many requests
      // in one go and held the main thread for a second; between slices it is free.
      for (let i = 0; i < doomed.length; i += DELETE_SLICE) await db.messages.bulkDelete(doomed.slice(i, i + DELETE_SLICE));
      return doomed.length;
    });
  }
  await sweepOrphanImages(db);
  return removed;
}
