/** What a successful send changes locally: the outbox row goes and the server's copy replaces the optimistic one, in one transaction. */
import type { AiReply, CreateChatResponse, DirectMessage, GroupMessage } from '../../shared/api';
import type { HavenDb, OutboxRow } from '../db/database';
import { fromDirect, fromGroup, mergeServerMessage } from './merge';

export async function applySent(db: HavenDb, row: OutboxRow, data: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, db.messages, db.aiMessages, db.aiChats], async () => {
    await db.outbox.delete(row.order!);
    if (row.kind === 'direct' || row.kind === 'group') {
      const server = row.kind === 'direct' ? fromDirect(data as DirectMessage, db.userId) : fromGroup(data as GroupMessage);
      const local = await db.messages.get(server.key);
      await db.messages.put(mergeServerMessage(local, server));
      return;
    }
    const reply = data as AiReply & Partial<CreateChatResponse>;
    const question = await db.aiMessages.get(row.messageKey);
    const at = new Date().toISOString();
    await db.aiMessages.update(row.messageKey, { status: 'sent', error: null });
    await db.aiMessages.put({
      key: `${row.clientId}:reply`, chatId: row.target, role: 'model', text: reply.aiResponse, img: null, crisis: reply.crisis,
      status: 'sent', error: null, createdAt: at, sortKey: (question?.sortKey ?? Date.now()) + 0.5,
    });
    const chat = await db.aiChats.get(row.target);
    await db.aiChats.put({
      _id: row.target, title: reply.title ?? chat?.title ?? '', createdAt: chat?.createdAt ?? at, updatedAt: at, local: false,
    });
  });
}

export async function markState(db: HavenDb, row: OutboxRow, change: Partial<OutboxRow>): Promise<void> {
  await db.transaction('rw', [db.outbox, db.messages, db.aiMessages], async () => {
    await db.outbox.update(row.order!, change);
    if (change.status) {
      const status = change.status;
      const error = change.error ?? null;
      if (row.kind === 'aura') await db.aiMessages.update(row.messageKey, { status, error });
      else await db.messages.update(row.messageKey, { status, error });
    }
  });
}
