/**
 * Opening a conversation at one message (/chat/dm/{id}?message={messageId}, and the group's): the
 * route hands the wanted message down; the list pages older history in until it holds it, then
 * scrolls to it and rings it for a moment, or says calmly that it is gone.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalMessage } from '../../db/database';
import type { ConversationWindow } from '../../sync/history';
import type { ListAnchor } from '../conversation/ConversationList';

export interface MessageTarget {
  /** The server id of the message to show. */
  id: string;
  /** Called once the message was shown or found missing (the route then drops it from the address). */
  onDone: () => void;
}

export const MessageTargetContext = createContext<MessageTarget | null>(null);

export const MESSAGE_GONE = 'That message is no longer available';
/** How long the found message stays ringed. */
const HIGHLIGHT_MS = 2000;

export interface TargetView {
  anchor: ListAnchor | null;
  /** The row ringed for a moment. */
  highlightKey: string | null;
  /** Said to screen readers when the message is shown. */
  announcement: string;
}

export interface TargetState extends TargetView {
  /** A message is wanted and not yet shown or found missing: the list is paging towards it. */
  seeking: boolean;
}

type History = Pick<ConversationWindow, 'loadOlder' | 'loadingOlder' | 'atStart' | 'failed'>;

export function useMessageTarget(messages: readonly LocalMessage[] | undefined, history: History): TargetState {
  const target = useContext(MessageTargetContext);
  const { loadOlder, loadingOlder, atStart, failed } = history;
  const [view, setView] = useState<TargetView & { shown: MessageTarget | null }>({ anchor: null, highlightKey: null, announcement: '', shown: null });
  // The window's length when older messages were last asked for: unchanged after, nothing more came.
  const askedAt = useRef<{ id: string; length: number } | null>(null);

  // The address keeps the target until the route drops it: handled once, whatever re-renders meanwhile.
  const handled = useRef<MessageTarget | null>(null);
  const [settled, setSettled] = useState<MessageTarget | null>(null);

  // A message the window holds is anchored while rendering, not in an effect: the list then opens
  // at it. Anchored one render later, the list would first open at the bottom, and its word that it
  // is there, arriving after the target was shown, would cut the window back past the message.
  const found = target && settled !== target ? messages?.find((m) => m._id === target.id && !m.deletedAt) : undefined;
  if (target && found && view.shown !== target) {
    setView({
      anchor: { key: found.key, align: 'center', request: (view.anchor?.request ?? 0) + 1 },
      highlightKey: found.key, announcement: 'Showing the message you opened.', shown: target,
    });
  }

  useEffect(() => {
    if (!target || handled.current === target || messages === undefined) return;
    const finish = () => {
      askedAt.current = null;
      handled.current = target;
      setSettled(target);
      target.onDone();
    };
    if (view.shown === target) {
      finish();
      return;
    }
    if (loadingOlder) return;
    const exhausted = askedAt.current?.id === target.id && askedAt.current.length === messages.length;
    if (messages.some((m) => m._id === target.id) || atStart || exhausted) {
      toast(MESSAGE_GONE, { id: 'message-gone' });
      finish();
      return;
    }
    // The failure is shown by the list (Try again) and the conversation's toast.
    if (failed && askedAt.current?.id === target.id) {
      finish();
      return;
    }
    askedAt.current = { id: target.id, length: messages.length };
    void loadOlder();
  }, [target, view.shown, messages, loadingOlder, atStart, failed, loadOlder]);

  // Each showing rings afresh (a new anchor), the same message too.
  const { anchor } = view;
  useEffect(() => {
    if (!anchor) return;
    const timer = setTimeout(() => setView((v) => (v.anchor === anchor ? { ...v, highlightKey: null } : v)), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [anchor]);

  return { anchor: view.anchor, highlightKey: view.highlightKey, announcement: view.announcement, seeking: target !== null && settled !== target };
}
