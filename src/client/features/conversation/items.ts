/**
 * What one row of a conversation shows, as one union every list renders (direct, group, Aura):
 * a message in one of four states, or Aura's "thinking" row. A row switches on `state`, never on
 * the stored fields it comes from, so a new state (an edit, a reply) is added here once.
 */
import type { LocalAiMessage, LocalMessage, SendStatus } from '../../db/database';

export const WAITING_KEY = 'aura-waiting';

export type ItemState =
  /** Written on this device, on its way (queued or sending). */
  | 'pending'
  /** Stored by the server. */
  | 'sent'
  /** Refused or given up on: kept with its words, offering Retry and Delete. */
  | 'failed'
  /** Taken back: no words, no image, no actions, only that something was here. */
  | 'deleted';

export interface MessageItem<M> {
  type: 'message';
  key: string;
  state: ItemState;
  mine: boolean;
  message: M;
}

/** While a question to Aura waits: Aura thinking, or the question kept for later offline. */
export interface WaitingItem {
  type: 'waiting';
  key: typeof WAITING_KEY;
  offline: boolean;
}

export type ListItem<M> = MessageItem<M> | WaitingItem;

export function itemState(status: SendStatus, deletedAt?: string | null): ItemState {
  if (deletedAt) return 'deleted';
  if (status === 'sent') return 'sent';
  return status === 'failed' ? 'failed' : 'pending';
}

export const messageItem = (m: LocalMessage, me: string): MessageItem<LocalMessage> =>
  ({ type: 'message', key: m.key, state: itemState(m.status, m.deletedAt), mine: m.senderId === me, message: m });

export const auraItem = (m: LocalAiMessage): MessageItem<LocalAiMessage> =>
  ({ type: 'message', key: m.key, state: itemState(m.status), mine: m.role === 'user', message: m });

/** How an own message's state is said (its mark's accessible name). */
export const STATE_TEXT: Record<Exclude<ItemState, 'deleted'>, string> = { pending: 'Sending', sent: 'Sent', failed: 'Not sent' };
