/**
 * What every message row of an open conversation shares, through context so the memoised rows
 * need no new props: who is reading, where the conversation is, how to start a reply, how to open
 * a quoted message, and the names it knows.
 */
import { createContext, useContext } from 'react';
import type { LocalMessage } from '../../../db/database';

export interface MessageScope {
  me: string;
  /** The other person (direct) or the group: what an edit or a reaction names. */
  conversation: { kind: 'direct' | 'group'; id: string };
  /** Starts a reply to this message (the bar above the composer). */
  onReply: (message: LocalMessage) => void;
  /** Opens the conversation at this message (a quote's tap). */
  openMessage: (messageId: string) => void;
  /** Someone's name as this conversation knows it (its senders, the other person); null when unknown. */
  nameOf: (userId: string) => string | null;
}

export const MessageScopeContext = createContext<MessageScope | null>(null);

/** The open conversation's scope; null outside one (a list drawn on its own: no menu, no replies). */
export const useMessageScope = () => useContext(MessageScopeContext);
