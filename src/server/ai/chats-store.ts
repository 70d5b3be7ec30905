/**
 * Aura chats in the database. A question is idempotent by (person, clientId) and its answer by
 * (person, clientId + ':reply'), both held by the UNIQUE index, so a retried send never makes a
 * second question or a second answer.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { helpForAnswer } from '../../shared/safety';
import type { AiChatSummary, AiHistoryEntry } from '../../shared/api';
import { auraReplyKey } from '../../shared/conversation';
import { newId } from '../../shared/ids';
import type { Db } from '../db/client';
import { aiChats, aiMessages } from '../db/schema';
import { AppError } from '../http/errors';
import { inMessageOrder } from '../messages/order';

type ChatRow = typeof aiChats.$inferSelect;
type MessageRow = typeof aiMessages.$inferSelect;

export const toSummary = (c: ChatRow): AiChatSummary => ({
  _id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
});

export const toEntry = (m: MessageRow): AiHistoryEntry => ({
  _id: m.id, role: m.role, parts: [m.img ? { text: m.text, img: m.img } : { text: m.text }], crisis: m.crisis,
  clientId: m.clientId, createdAt: m.createdAt.toISOString(),
});

/** A chat's turns; each crisis answer says whose risk it was, read from the question before it. */
export function toHistory(rows: readonly MessageRow[]): AiHistoryEntry[] {
  let question = '';
  return rows.map((m) => {
    if (m.role === 'user') question = m.text;
    const help = m.role === 'model' ? helpForAnswer(m.crisis, question, m.imminent) : undefined;
    return help ? { ...toEntry(m), help } : toEntry(m);
  });
}

export async function listChats(db: Db, userId: string): Promise<AiChatSummary[]> {
  const rows = await db.select().from(aiChats).where(eq(aiChats.userId, userId)).orderBy(desc(aiChats.updatedAt));
  return rows.map(toSummary);
}

/** The person's own chat; anyone else's is "not found", so ids reveal nothing. */
export async function ownChat(db: Db, userId: string, chatId: string): Promise<ChatRow> {
  const [row] = await db.select().from(aiChats).where(and(eq(aiChats.id, chatId), eq(aiChats.userId, userId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Chat not found');
  return row;
}

export async function chatHistory(db: Db, chatId: string): Promise<MessageRow[]> {
  return db.select().from(aiMessages).where(eq(aiMessages.chatId, chatId)).orderBy(asc(aiMessages.seq));
}

export async function findByClientId(db: Db, userId: string, clientId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(aiMessages).where(and(eq(aiMessages.userId, userId), eq(aiMessages.clientId, clientId))).limit(1);
  return row ?? null;
}

class AlreadyStored extends Error {}

/** Stores the question (and, for a new chat, the chat) in one transaction; null when the clientId was used before. */
export async function storeQuestion(db: Db, q: { userId: string; chatId?: string; newChatId?: string; title?: string; text: string; img: string | null; clientId: string }):
  Promise<{ chatId: string; question: MessageRow } | null> {
  try {
    return await inMessageOrder(db, async (tx) => {
      let chatId = q.chatId;
      if (!chatId) {
        chatId = q.newChatId ?? newId();
        const [made] = await tx.insert(aiChats).values({ id: chatId, userId: q.userId, title: q.title ?? '' })
          .onConflictDoNothing().returning({ id: aiChats.id });
        // The offered id is taken: a retry of this very question (settled below by its clientId), or someone else's.
        if (!made) throw new AlreadyStored();
      } else if (!(await touchChat(tx, q.userId, chatId))) throw new AppError('NOT_FOUND', 'Chat not found');
      const [question] = await tx.insert(aiMessages)
        .values({ id: newId(), chatId, userId: q.userId, role: 'user', text: q.text, img: q.img, clientId: q.clientId })
        .onConflictDoNothing({ target: [aiMessages.userId, aiMessages.clientId] }).returning();
      // Throwing rolls back a chat made for a question that turns out to be a repeat.
      if (!question) throw new AlreadyStored();
      return { chatId, question };
    });
  } catch (error) {
    if (error instanceof AlreadyStored) return null;
    throw error;
  }
}

export async function storeAnswer(db: Db, a: { userId: string; chatId: string; questionClientId: string; text: string; crisis: boolean; imminent?: boolean }): Promise<MessageRow> {
  const clientId = auraReplyKey(a.questionClientId);
  const [row] = await inMessageOrder(db, async (tx) => {
    // The chat may have been deleted while Aura was thinking: the answer then has nowhere to go.
    if (!(await touchChat(tx, a.userId, a.chatId))) throw new AppError('NOT_FOUND', 'Chat not found');
    return tx.insert(aiMessages)
      .values({ id: newId(), chatId: a.chatId, userId: a.userId, role: 'model', text: a.text, crisis: a.crisis, imminent: a.imminent ?? false, clientId })
      .onConflictDoNothing({ target: [aiMessages.userId, aiMessages.clientId] }).returning();
  });
  return row ?? (await findByClientId(db, a.userId, clientId))!;
}

/**
 * Marks the person's chat as just used and holds its row until the transaction ends, so a delete
 * of the same chat waits for this write (and takes its messages with it) or has already happened
 * (and this finds nothing): a message never lands in a deleted chat.
 */
async function touchChat(tx: Db, userId: string, chatId: string): Promise<boolean> {
  const [row] = await tx.update(aiChats).set({ updatedAt: new Date() })
    .where(and(eq(aiChats.id, chatId), eq(aiChats.userId, userId))).returning({ id: aiChats.id });
  return row !== undefined;
}

/** A new name for the person's own chat; its place in the list (last used) stays. */
export async function renameChat(db: Db, userId: string, chatId: string, title: string): Promise<AiChatSummary> {
  const [row] = await db.update(aiChats).set({ title })
    .where(and(eq(aiChats.id, chatId), eq(aiChats.userId, userId))).returning();
  if (!row) throw new AppError('NOT_FOUND', 'Chat not found');
  return toSummary(row);
}

/** Deletes the person's own chat; its messages go with it (the foreign key cascades) in the same statement. */
export async function deleteChat(db: Db, userId: string, chatId: string): Promise<void> {
  const [row] = await db.delete(aiChats).where(and(eq(aiChats.id, chatId), eq(aiChats.userId, userId))).returning({ id: aiChats.id });
  if (!row) throw new AppError('NOT_FOUND', 'Chat not found');
}
