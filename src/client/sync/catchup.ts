/**
 * Catch-up after start and every reconnect: pages of GET /api/messages/sync, each applied in one
 * transaction together with the new cursor, so a crash mid-way resumes from the last whole page.
 *
 * The cursor belongs to one server database (its epoch). When the server answers from another
 * epoch (its database was reset or replaced), the device starts over from 0; messages it stored
 * from the old database are dropped (their ids and order mean nothing any more), while anything
 * still waiting in the outbox stays and is sent to the new one.
 */
import type { SyncPage } from '../../shared/api';
import type { HavenDb } from '../db/database';
import { fromDirect, fromGroup, messageTables, putServerMessages } from './merge';

export const CURSOR_KEY = 'syncCursor';
export const EPOCH_KEY = 'syncEpoch';

export interface SyncPosition {
  cursor: number;
  epoch: string | null;
}

export async function readPosition(db: HavenDb): Promise<SyncPosition> {
  const [cursor, epoch] = await db.meta.bulkGet([CURSOR_KEY, EPOCH_KEY]);
  return {
    cursor: typeof cursor?.value === 'number' ? cursor.value : 0,
    epoch: typeof epoch?.value === 'string' ? epoch.value : null,
  };
}

export async function readCursor(db: HavenDb): Promise<number> {
  return (await readPosition(db)).cursor;
}

export async function applyPage(db: HavenDb, page: SyncPage): Promise<void> {
  const incoming = [...page.direct.map((m) => fromDirect(m, db.userId)), ...page.group.map(fromGroup)];
  await db.transaction('rw', [...messageTables(db), db.meta], async () => {
    await putServerMessages(db, incoming);
    await db.meta.bulkPut([{ key: CURSOR_KEY, value: page.cursor }, { key: EPOCH_KEY, value: page.epoch }]);
  });
}

/** Another server database: forget what came from the old one, keep what waits to be sent. */
async function startOver(db: HavenDb): Promise<void> {
  await db.transaction('rw', db.messages, db.meta, async () => {
    await db.messages.where('status').equals('sent').delete();
    await db.meta.bulkDelete([CURSOR_KEY, EPOCH_KEY]);
  });
}

/** `applied` hears each page once it is stored (the device's delivered reports, receipts.ts). */
export async function catchUp(db: HavenDb, fetchPage: (since: number) => Promise<SyncPage>, applied?: (page: SyncPage) => void): Promise<number> {
  const position = await readPosition(db);
  let cursor = position.cursor;
  let page = await fetchPage(cursor);
  if (page.epoch !== position.epoch && cursor > 0) {
    // A cursor from an unknown epoch may point past everything the server has now.
    if (position.epoch !== null) await startOver(db);
    cursor = 0;
    page = await fetchPage(0);
  }
  for (;;) {
    // The next page is asked for while this one is stored: the server's answer and the device's
    // writes overlap instead of taking turns. Its cursor is the one this page stores, so a crash
    // still resumes from the last whole page.
    const next = page.hasMore ? fetchPage(page.cursor) : null;
    next?.catch(() => undefined); // a failure surfaces below, unless storing this page failed first
    await applyPage(db, page);
    applied?.(page);
    cursor = page.cursor;
    if (!next) return cursor;
    page = await next;
  }
}
