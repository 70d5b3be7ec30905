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
      const oldest = await db.messages.where('[conversation+sortKey]')
        .between([conversation, Dexie.minKey], [conversation, Dexie.maxKey])
        .limit(total - keep).toArray();
      const sent = oldest.filter((m) => m.status === 'sent').map((m) => m.key);
      const held = new Set((await db.outbox.where('messageKey').anyOf(sent).keys()) as string[]);
      const doomed = sent.filter((key) => !held.has(key));
      await db.messages.bulkDelete(doomed);
      return doomed.length;
    });
  }
  await sweepOrphanImages(db);
  return removed;
}
