/**
 * Community safety on the device (docs/community-safety.md): the people blocked, the message requests waiting
 * and the muted conversations, read from the server into Dexie so screens read them offline too.
 * A block made offline is kept (`synced: 0`), hides that person at once, and reaches the server
 * with the next sync; the server's list then replaces the device's, so a block cannot come back
 * from a stale copy, nor an unblock made on another device linger here.
 */
import type { KyInstance } from 'ky';
import type { SafetyChange } from '../../shared/realtime';
import type { HavenDb } from '../db/database';
import { call } from '../net/call';
import { fetchPage, storePage } from './history';
import { directKey, groupKey } from '../../shared/conversation';

/** Removes what the device holds from people now blocked: their messages, direct and group, and their requests. */
export async function forgetPeople(db: HavenDb, personIds: readonly string[]): Promise<void> {
  if (personIds.length === 0) return;
  const ids = new Set(personIds);
  await db.transaction('rw', [db.messages, db.requests], async () => {
    await db.messages.filter((m) => ids.has(m.senderId) && m.senderId !== db.userId).delete();
    await db.requests.bulkDelete([...ids]);
  });
}

async function pushPendingBlocks(db: HavenDb, http: KyInstance): Promise<void> {
  for (const row of await db.blocks.filter((b) => b.synced === 0).toArray()) {
    await call('block', { params: { userId: row._id } }, { http });
    await db.blocks.update(row._id, { synced: 1 });
  }
}

export async function refreshBlocks(db: HavenDb, http: KyInstance): Promise<void> {
  await pushPendingBlocks(db, http);
  const blocked = await call('blocks', undefined, { http });
  const known = new Set(await db.blocks.toCollection().primaryKeys());
  await db.transaction('rw', db.blocks, async () => {
    // A block made offline between the read and now stays; every synced row is the server's.
    const waiting = await db.blocks.filter((b) => b.synced === 0).toArray();
    await db.blocks.clear();
    await db.blocks.bulkPut([...blocked.map((b) => ({ ...b, synced: 1 as const })), ...waiting]);
  });
  // Only blocks new to this device (made on another) have anything left here to forget: every
  // path in drops a blocked sender's messages, so a full pass on each sync would find nothing.
  await forgetPeople(db, blocked.map((b) => b._id).filter((id) => !known.has(id)));
}

export async function refreshRequests(db: HavenDb, http: KyInstance): Promise<void> {
  const waiting = await call('messageRequests', undefined, { http });
  await db.transaction('rw', db.requests, async () => {
    await db.requests.clear();
    await db.requests.bulkPut(waiting);
  });
}

export async function refreshMutes(db: HavenDb, http: KyInstance): Promise<void> {
  const mutes = await call('mutes', undefined, { http });
  await db.transaction('rw', db.mutes, async () => {
    await db.mutes.clear();
    await db.mutes.bulkPut(mutes.map((m) => ({
      conversation: m.kind === 'direct' ? directKey(m.id) : groupKey(m.id), until: m.until,
    })));
  });
}

/**
 * Everything of the above, after a catch-up or when another device says something changed. Blocks
 * first: a block made offline reaches the server before the requests list is read, so a blocked
 * stranger's request is not listed again. Requests and mutes are independent, so they go together
 * (one round trip less on every sync).
 */
export async function refreshSafety(db: HavenDb, http: KyInstance, only?: SafetyChange): Promise<void> {
  if (!only || only === 'blocks') await refreshBlocks(db, http);
  // Both settle before the sync goes on; the first failure is then reported as before.
  const done = await Promise.allSettled([
    !only || only === 'requests' ? refreshRequests(db, http) : null,
    !only || only === 'mutes' ? refreshMutes(db, http) : null,
  ]);
  const failed = done.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * After an unblock: the person's earlier messages come back from the server (what they sent while
 * blocked stays withheld there). The newest page of the direct chat and of each group is enough
 * for what a person scrolls to; older pages load on demand as ever.
 */
export async function restorePerson(db: HavenDb, http: KyInstance, personId: string): Promise<void> {
  const groups = (await db.groups.toArray()).filter((g) => g.isMember).map((g) => groupKey(g._id));
  for (const conversation of [directKey(personId), ...groups]) {
    await storePage(db, conversation, await fetchPage(db, http, conversation, null), false);
  }
}

/** Is this conversation muted now? */
export const isMuted = (until: string | null | undefined, now = Date.now()): boolean =>
  until === null || (until !== undefined && Date.parse(until) > now);
