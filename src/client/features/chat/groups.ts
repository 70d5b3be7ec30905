/** Joining a group; its history then comes through the conversation window (sync/history.ts). */
import type { GroupSummary } from '../../../shared/api';
import type { HavenDb } from '../../db/database';
import { call } from '../../net/call';

/** POST /api/messages/join-group/{id} (idempotent); the answer replaces the local copy of the group. */
export async function joinGroup(db: HavenDb, groupId: string): Promise<GroupSummary> {
  const joined = await call('joinGroup', { params: { groupId } });
  // The answer names the members (the spec's client shows them); the local list keeps their ids.
  const group: GroupSummary = { ...joined, members: joined.members.map((m) => m._id) };
  await db.groups.put(group);
  return group;
}
