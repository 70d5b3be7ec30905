/** Joining a group; its history then comes through the conversation window (sync/history.ts). */
import type { GroupSummary } from '../../../shared/api';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';

/** POST /api/messages/join-group/{id} (idempotent); the answer replaces the local copy of the group. */
export async function joinGroup(db: HavenDb, groupId: string): Promise<GroupSummary> {
  const group = await api.post(`messages/join-group/${groupId}`).json<GroupSummary>();
  await db.groups.put(group);
  return group;
}
