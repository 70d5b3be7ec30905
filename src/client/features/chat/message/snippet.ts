/** How a message is named in one line: in a quote, in the reply bar, in a reaction's name. */
import type { LocalMessage } from '../../../db/database';

/** What stands in place of a message taken back (docs/decisions/taking-messages-back.md). */
export function tombstoneText(deletedBy: LocalMessage['deletedBy']): string {
  return deletedBy === 'moderator' ? 'This message was removed by a moderator' : 'This message was deleted';
}

/** Its current words on one line; "Photo" for an image alone; the tombstone's words once taken back. */
export function snippetOf(m: Pick<LocalMessage, 'text' | 'image' | 'deletedAt' | 'deletedBy'>): string {
  if (m.deletedAt) return tombstoneText(m.deletedBy);
  const words = m.text.replace(/\s+/g, ' ').trim();
  return words || (m.image ? 'Photo' : '');
}

/** Who wrote it, as the reader says it: "You" for their own. */
export function authorName(m: Pick<LocalMessage, 'senderId' | 'sender'>, me: string, nameOf: (id: string) => string | null): string {
  if (m.senderId === me) return 'You';
  return m.sender?.fullName || nameOf(m.senderId) || 'Someone';
}
