/**
 * Renaming and deleting an Aura chat. Both change the server's copy first and then this device's,
 * so they need a connection; the person's other devices see the change on their next load of the
 * chat list. A chat that never reached the server (started offline, its first question not sent
 * or refused) lives only here: deleting it needs no network.
 */
import type { KyInstance } from 'ky';
import type { HavenDb, LocalAiChat } from '../../db/database';
import { call } from '../../net/call';
import { classify, failureText, gotNoAnswer } from '../../net/errors';

export const NEEDS_CONNECTION = {
  rename: 'Renaming a chat needs a connection. Please try again when you are back online.',
  delete: 'Deleting a chat needs a connection. Please try again when you are back online.',
} as const;
export const WAIT_FOR_ANSWER = 'Please wait for Aura to answer before deleting this chat.';

/** What became of a request: done, or the words to show. */
export type ManageOutcome = { ok: true } | { ok: false; message: string };

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A chat's rows, its questions still queued and the chat itself, in one transaction. */
async function forget(db: HavenDb, chatId: string): Promise<void> {
  await db.transaction('rw', db.aiChats, db.aiMessages, db.outbox, async () => {
    const keys = await db.aiMessages.where('chatId').equals(chatId).primaryKeys();
    await db.outbox.where('messageKey').anyOf(keys).delete();
    await db.aiMessages.bulkDelete(keys);
    await db.aiChats.delete(chatId);
  });
}

export async function renameChat(db: HavenDb, chat: LocalAiChat, title: string, http?: KyInstance): Promise<ManageOutcome> {
  if (chat.local) return { ok: false, message: 'This chat is not saved yet. You can rename it once Aura has answered.' };
  if (offline()) return { ok: false, message: NEEDS_CONNECTION.rename };
  try {
    const summary = await call('renameAuraChat', { params: { id: chat._id }, body: { title } }, { http });
    await db.aiChats.put({ ...summary, local: false });
    return { ok: true };
  } catch (error) {
    if (gotNoAnswer(error)) return { ok: false, message: NEEDS_CONNECTION.rename };
    return { ok: false, message: failureText(error, 'Could not rename this chat. Please try again.') };
  }
}

export async function deleteChat(db: HavenDb, chat: LocalAiChat, http?: KyInstance): Promise<ManageOutcome> {
  const waiting = await db.aiMessages.where('chatId').equals(chat._id)
    .filter((m) => m.status === 'sending' || (m.status === 'queued' && !chat.local)).count();
  // A question on its way would bring the chat back with its answer, or be refused for want of it.
  if (waiting > 0) return { ok: false, message: WAIT_FOR_ANSWER };
  if (chat.local) {
    await forget(db, chat._id);
    return { ok: true };
  }
  if (offline()) return { ok: false, message: NEEDS_CONNECTION.delete };
  try {
    await call('deleteAuraChat', { params: { id: chat._id } }, { http });
  } catch (error) {
    if (gotNoAnswer(error)) return { ok: false, message: NEEDS_CONNECTION.delete };
    // Already gone (deleted on another device): this device forgets it too.
    if (classify(error).status !== 404) return { ok: false, message: failureText(error, 'Could not delete this chat. Please try again.') };
  }
  await forget(db, chat._id);
  return { ok: true };
}
