/**
 * What a message's menu offers (docs/decisions/message-menu.md), in its order: reply, copy and edit;
 * then delete one's own for everyone, or report or block whoever wrote someone else's.
 */
import { toast } from 'react-hot-toast';
import { EDIT_WINDOW_MS } from '../../../shared/message-rules';
import type { LocalMessage } from '../../db/database';
import type { MenuAction } from '../safety/ActionsMenu';
import { canBlock, type SafetyActions } from '../safety/ConversationSafety';

/** Replies and reactions name a message by its server id: one still on its way, failed or taken back has none to give. */
export const canRespond = (m: LocalMessage): boolean => !m.deletedAt && m.status === 'sent' && m._id !== null;

/** One's own words, stored, not taken back, within the edit window of when the server stored them (as the server checks). */
export function canEdit(m: LocalMessage, mine: boolean, now = Date.now()): boolean {
  return mine && canRespond(m) && m.text.trim() !== '' && now - Date.parse(m.createdAt) < EDIT_WINDOW_MS;
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied', { id: 'copied' });
  } catch {
    toast.error('Could not copy. Please select the words and copy them yourself.');
  }
}

interface Everyday {
  reply: (() => void) | null;
  edit: () => void;
}

export function everydayActions(m: LocalMessage, mine: boolean, { reply, edit }: Everyday): MenuAction[] {
  if (m.deletedAt) return [];
  const text = m.text;
  return [
    ...(reply && canRespond(m) ? [{ label: 'Reply', onSelect: reply }] : []),
    ...(text.trim() ? [{ label: 'Copy', onSelect: () => void copyText(text) }] : []),
    ...(canEdit(m, mine) ? [{ label: 'Edit', onSelect: edit }] : []),
  ];
}

export function safetyActions(m: LocalMessage, mine: boolean, safety: SafetyActions): MenuAction[] {
  if (m.deletedAt) return [];
  // Only a message the server holds can be taken back; one still on its way has Retry and Delete when it fails.
  if (mine) return m.status === 'sent' && m._id ? [{ label: 'Delete for everyone', onSelect: () => safety.askDelete(m), danger: true }] : [];
  const author = m.kind === 'group' ? m.sender : safety.person;
  if (!m._id || !author) return [];
  const name = author.fullName || 'Someone';
  const person = { _id: m.senderId, fullName: name, profilePic: author.profilePic };
  const blockable = canBlock(safety, m.senderId);
  const messageId = m._id;
  return [
    { label: 'Report', onSelect: () => safety.askReport({ kind: 'message', messageId, name, person: blockable ? person : null }) },
    ...(blockable ? [{ label: `Block ${name}`, onSelect: () => safety.askBlock(person), danger: true }] : []),
  ];
}
