/**
 * Catch-up after start and every reconnect: pages of GET /api/messages/sync, each applied in one
 * transaction together with the new cursor, so a crash mid-way resumes from the last whole page.
 */
import type { SyncPage } from '../../shared/api';
import type { HavenDb } from '../db/database';
import { fromDirect, fromGroup, mergeBatch } from './merge';

export const CURSOR_KEY = 'syncCursor';

export async function readCursor(db: HavenDb): Promise<number> {
  const row = await db.meta.get(CURSOR_KEY);
  return typeof row?.value === 'number' ? row.value : 0;
}

export async function applyPage(db: HavenDb, page: SyncPage): Promise<void> {
  const incoming = [...page.direct.map((m) => fromDirect(m, db.userId)), ...page.group.map(fromGroup)];
  await db.transaction('rw', db.messages, db.meta, async () => {
    const stored = await db.messages.bulkGet(incoming.map((m) => m.key));
    const existing = new Map(stored.flatMap((m) => (m ? [[m.key, m] as const] : [])));
    await db.messages.bulkPut(mergeBatch(existing, incoming));
    await db.meta.put({ key: CURSOR_KEY, value: page.cursor });
  });
}

export async function catchUp(db: HavenDb, fetchPage: (since: number) => Promise<SyncPage>): Promise<number> {
  let cursor = await readCursor(db);
  for (;;) {
    const page = await fetchPage(cursor);
    await applyPage(db, page);
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}
