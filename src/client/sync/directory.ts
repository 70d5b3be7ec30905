/** The people and groups lists, refreshed from the server into Dexie (screens read them offline too). */
import type { KyInstance } from 'ky';
import type { HavenDb } from '../db/database';
import { call } from '../net/call';

export const LISTS_KEY = 'lists';

export interface Lists {
  /** GET /messages/users: everyone, or a professional's referred users. */
  users: string[];
  /** GET /messages/therapists. */
  therapists: string[];
}

export type ListName = 'users' | 'therapists' | 'groups';

/** Which list each failure came from; the error itself travels on unchanged, for the usual classification. */
const failedLists = new WeakMap<object, ListName>();

export function listThatFailed(error: unknown): ListName | null {
  return typeof error === 'object' && error !== null ? failedLists.get(error) ?? null : null;
}

async function fetchList<T>(list: ListName, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (typeof error === 'object' && error !== null) failedLists.set(error, list);
    throw error;
  }
}

export async function refreshDirectory(db: HavenDb, http: KyInstance): Promise<void> {
  const [users, therapists, groups] = await Promise.all([
    fetchList('users', call('people', undefined, { http })),
    fetchList('therapists', call('therapists', undefined, { http })),
    fetchList('groups', call('groups', undefined, { http })),
  ]);
  await db.transaction('rw', db.users, db.groups, db.meta, async () => {
    await db.users.bulkPut([...users, ...therapists]);
    await db.groups.clear();
    await db.groups.bulkPut(groups);
    const lists: Lists = { users: users.map((u) => u._id), therapists: therapists.map((u) => u._id) };
    await db.meta.put({ key: LISTS_KEY, value: lists });
  });
}
