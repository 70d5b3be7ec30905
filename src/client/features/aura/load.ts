/**
 * Reads from the server into Dexie; screens then read Dexie only, so a chat opened once stays
 * readable offline. A load that fails for want of a network is not an error: what Dexie has stands.
 */
import type { KyInstance } from 'ky';
import { call } from '../../net/call';
import { classify, gotNoAnswer } from '../../net/errors';
import type { HavenDb } from '../../db/database';
import { historyToRows } from './history';

/** 'offline': no answer from the server (show what is stored); 'failed': the server said no. */
export type LoadOutcome = 'ok' | 'offline' | 'failed' | 'missing';

export function isNetworkFailure(error: unknown): boolean {
  if (classify(error).status !== null) return false;
  return gotNoAnswer(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

function outcomeOf(error: unknown): LoadOutcome {
  if (isNetworkFailure(error)) return 'offline';
  return classify(error).status === 404 ? 'missing' : 'failed';
}

/**
 * GET /api/chats/userchats into db.aiChats. Chats started offline and not yet sent are left alone.
 * A chat the server had before this load and no longer lists was deleted on another device: it
 * goes here too, with its messages. Only chats known before the request count, so one made on
 * this device while the list was on its way is never taken for deleted.
 */
export async function loadChatList(db: HavenDb, http?: KyInstance): Promise<LoadOutcome> {
  try {
    const before = (await db.aiChats.toArray()).filter((c) => !c.local).map((c) => c._id);
    const chats = await call('auraChats', undefined, { http });
    const listed = new Set(chats.map((c) => c._id));
    const gone = before.filter((id) => !listed.has(id));
    await db.transaction('rw', db.aiChats, db.aiMessages, db.outbox, async () => {
      await db.aiChats.bulkPut(chats.map((c) => ({ ...c, local: false })));
      if (gone.length === 0) return;
      const keys = await db.aiMessages.where('chatId').anyOf(gone).primaryKeys();
      // Questions still queued for a deleted chat could only be refused.
      await db.outbox.where('messageKey').anyOf(keys).delete();
      await db.aiMessages.bulkDelete(keys);
      await db.aiChats.bulkDelete(gone);
    });
    return 'ok';
  } catch (error) {
    return outcomeOf(error);
  }
}

/** GET /api/chats/{id}: the chat and its history into Dexie ('missing' when it is not this person's). */
export async function loadChatHistory(db: HavenDb, http: KyInstance | undefined, chatId: string): Promise<LoadOutcome> {
  try {
    const { history, ...summary } = await call('auraChat', { params: { id: chatId } }, { http });
    await db.transaction('rw', db.aiChats, db.aiMessages, async () => {
      await db.aiChats.put({ ...summary, local: false });
      await db.aiMessages.bulkPut(historyToRows(chatId, history));
    });
    return 'ok';
  } catch (error) {
    return outcomeOf(error);
  }
}
