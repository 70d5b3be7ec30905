/**
 * Editing one's own message (docs/decisions/replies-edits-reactions.md): only its author, in its
 * own conversation, while it stands and within EDIT_WINDOW_MS of sending. The words, `edited_at`
 * and a fresh `rev` are set in ONE conditional update of a row not taken back, under the
 * message-order lock, so an edit racing a take-back can never bring words back to a tombstone.
 * The same words again change nothing and are told to nobody.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { EDIT_WINDOW_MS } from '../../shared/message-rules';
import type { BatchItem } from '../../shared/schemas';
import type { Db } from '../db/client';
import { directMessages, groupMessages } from '../db/schema';
import { AppError } from '../http/errors';
import { present, type ChangedRow, type Presented } from './changed';
import { inMessageOrder } from './order';
import { findMessage } from './take-back';
import { targetMessage } from './target';

type EditItem = Extract<BatchItem, { kind: 'edit' }>;

const DELETED = 'This message was deleted';

const edited = (text: string) => ({ text, editedAt: sql`now()`, rev: sql`nextval('message_seq')` });

async function update(db: Db, found: ChangedRow, text: string): Promise<ChangedRow | null> {
  const id = found.row.id;
  return inMessageOrder(db, async (tx) => {
    if (found.kind === 'direct') {
      const [row] = await tx.update(directMessages).set(edited(text))
        .where(and(eq(directMessages.id, id), isNull(directMessages.deletedAt), ne(directMessages.text, text))).returning();
      return row ? { kind: 'direct', row } : null;
    }
    const [row] = await tx.update(groupMessages).set(edited(text))
      .where(and(eq(groupMessages.id, id), isNull(groupMessages.deletedAt), ne(groupMessages.text, text))).returning();
    return row ? { kind: 'group', row } : null;
  });
}

export async function editMessage(db: Db, userId: string, item: EditItem): Promise<Presented> {
  const found = await targetMessage(db, userId, item.conversation, item.messageId);
  const { row } = found;
  if (row.senderId !== userId) throw new AppError('FORBIDDEN', 'You can only edit your own messages');
  if (row.deletedAt) throw new AppError('CONFLICT', DELETED);
  const text = item.text.trim();
  // Before the window: a retried edit that reaches the server late is still the same edit.
  if (text === row.text) return present(db, found, userId, false);
  if (Date.now() - row.createdAt.getTime() > EDIT_WINDOW_MS) {
    throw new AppError('FORBIDDEN', 'Messages can only be edited within 24 hours of sending');
  }
  if (!text && !row.image) throw new AppError('VALIDATION_FAILED', 'Message text or image is required', { fields: { text: 'Message text or image is required' } });
  const changed = await update(db, found, text);
  if (changed) return present(db, changed, userId, true);
  // Nothing updated: taken back meanwhile, or a twin of this edit stored the same words first.
  const now = await findMessage(db, row.id);
  if (!now || now.row.deletedAt) throw new AppError('CONFLICT', DELETED);
  return present(db, now, userId, false);
}
