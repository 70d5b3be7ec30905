/** Joining a group and filling the local store with its recent history; screens then read Dexie. */
import type { GroupMessage, GroupSummary } from '../../../shared/api';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { fromGroup, mergeBatch } from '../../sync/merge';

/** POST /api/messages/join-group/{id} (idempotent); the answer replaces the local copy of the group. */
export async function joinGroup(db: HavenDb, groupId: string): Promise<GroupSummary> {
  const group = await api.post(`messages/join-group/${groupId}`).json<GroupSummary>();
  await db.groups.put(group);
  return group;
}

/**
 * Catch-up only brings what arrived after the sync cursor, so a group joined today would open
 * empty; its latest page is merged in the same way catch-up merges (an echo never duplicates).
 */
export async function fillGroupHistory(db: HavenDb, groupId: string): Promise<void> {
  const page = await api.get(`messages/group/${groupId}`).json<GroupMessage[]>();
  const incoming = page.map(fromGroup);
  await db.transaction('rw', db.messages, async () => {
    const stored = await db.messages.bulkGet(incoming.map((m) => m.key));
    const existing = new Map(stored.flatMap((m) => (m ? [[m.key, m] as const] : [])));
    await db.messages.bulkPut(mergeBatch(existing, incoming));
  });
}
