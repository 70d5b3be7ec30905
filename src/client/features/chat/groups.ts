/** Joining a group; its history then comes through the conversation window (sync/history.ts). */
import type { GroupSummary, JoinedGroup } from '../../../shared/api';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';

/** POST /api/messages/join-group/{id} (idempotent); the answer replaces the local copy of the group. */
export async function joinGroup(db: HavenDb, groupId: string): Promise<GroupSummary> {
  const joined = await api.post(`messages/join-group/${groupId}`).json<JoinedGroup>();
  // The answer names the members (the spec's client shows them); the local list keeps their ids.
  const group: GroupSummary = { ...joined, members: joined.members.map((m) => m._id) };
  await db.groups.put(group);
  return group;
}
