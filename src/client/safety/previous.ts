/**
 * The writer's own few lines just before the one being checked, read from this device (the
 * window is src/shared/safety/window.ts): the same conversation, the same Aura chat, or the
 * diary. Offline, this is what lets a plan typed in pieces bring help on the line that completes it.
 */
import { recentTexts } from '../../shared/safety/window';
import type { HavenDb } from '../db/database';
import { currentKey, openEntry } from '../features/lock/rows';

/** Rows read back to find the writer's own lines among other people's. */
const LOOK_BACK = 20;

export async function previousInConversation(db: HavenDb, conversation: string, me: string, exceptKey: string): Promise<string[]> {
  const rows = await db.messages.where('[conversation+sortKey]').between([conversation, -Infinity], [conversation, Infinity])
    .reverse().limit(LOOK_BACK).toArray();
  return recentTexts(rows.filter((m) => m.senderId === me && m.key !== exceptKey).map((m) => ({ text: m.text, at: m.createdAt })));
}

export async function previousAuraQuestions(db: HavenDb, chatId: string, exceptKey: string): Promise<string[]> {
  const rows = await db.aiMessages.where('[chatId+sortKey]').between([chatId, -Infinity], [chatId, Infinity])
    .reverse().limit(LOOK_BACK).toArray();
  return recentTexts(rows.filter((m) => m.role === 'user' && m.key !== exceptKey).map((m) => ({ text: m.text, at: m.createdAt })));
}

/** With the diary lock on, opened with this tab's key; sealed entries it cannot open are left out. */
export async function previousDiary(db: HavenDb, exceptId: string): Promise<string[]> {
  const [rows, key] = await Promise.all([db.diary.orderBy('date').reverse().limit(LOOK_BACK).toArray(), currentKey(db)]);
  const entries = (await Promise.all(rows.filter((e) => e.id !== exceptId).map((e) => openEntry(key, e)))).filter((e) => e !== null);
  return recentTexts(entries.map((e) => ({ text: `${e.title}\n${e.content}`, at: e.date })));
}
