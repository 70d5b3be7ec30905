/** The people and groups lists, refreshed from the server into Dexie (screens read them offline too). */
import type { KyInstance } from 'ky';
import type { GroupSummary, PublicUser } from '../../shared/api';
import type { HavenDb } from '../db/database';

export const LISTS_KEY = 'lists';

export interface Lists {
  /** GET /messages/users: everyone, or a professional's referred users. */
  users: string[];
  /** GET /messages/therapists. */
  therapists: string[];
}

export async function refreshDirectory(db: HavenDb, api: KyInstance): Promise<void> {
  const [users, therapists, groups] = await Promise.all([
    api.get('messages/users').json<PublicUser[]>(),
    api.get('messages/therapists').json<PublicUser[]>(),
    api.get('messages/groups').json<GroupSummary[]>(),
  ]);
  await db.transaction('rw', db.users, db.groups, db.meta, async () => {
    await db.users.bulkPut([...users, ...therapists]);
    await db.groups.clear();
    await db.groups.bulkPut(groups);
    const lists: Lists = { users: users.map((u) => u._id), therapists: therapists.map((u) => u._id) };
    await db.meta.put({ key: LISTS_KEY, value: lists });
  });
}
