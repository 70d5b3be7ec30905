/**
 * A direct or group conversation, windowed: only the rows on screen are in the DOM (Virtuoso), a
 * status change re-renders one row, and scrolling up pages in older history without a jump. It
 * opens at the first unread message (the "New messages" divider at the top), else at the newest,
 * and at a message the address names (messageTarget.tsx), ringed for a moment.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { Components, ListProps } from 'react-virtuoso';
import type { LocalMessage } from '../../db/database';
import type { ConversationWindow } from '../../sync/history';
import { InlineSpinner } from '../../ui/Spinner';
import { ConversationList, type ListAnchor, type RowContext } from '../conversation/ConversationList';
import { messageItem, type MessageItem } from '../conversation/items';
import { daySeparators } from './format';
import { HistoryEdge, type HistoryEdgeState } from './HistoryEdge';
import { useMessageTarget } from './messageTarget';
import { MessageRow } from './MessageRow';
import { DaySeparator, NewMessagesDivider } from './Unread';

type History = Pick<ConversationWindow, 'loadOlder' | 'loadingOlder' | 'atStart' | 'failed' | 'setFollowing'>;

interface Props {
  messages: LocalMessage[] | undefined;
  me: string;
  /** Group chats name each sender; a direct chat has only two people. */
  showSender: boolean;
  emptyText: string;
  history: History;
  /** The first message unread when the conversation opened: the "New messages" divider goes above it. */
  dividerKey?: string | null;
  /** Whether the reader is at the end of the list (there, what arrives is seen). */
  onAtEnd?: (atEnd: boolean) => void;
}

interface ListContext extends HistoryEdgeState {
  showSender: boolean;
  /** The messages that open a day, with the day's label. */
  days: Map<string, string>;
  dividerKey: string | null;
  /** The row ringed for a moment (a message opened from elsewhere). */
  highlightKey: string | null;
}

type Item = MessageItem<LocalMessage>;
const keyOf = (item: Item) => item.key;
// What this person just typed is queued, on its way or refused; their own sent rows came from elsewhere.
const isOwnNew = (item: Item) => item.mine && (item.state === 'pending' || item.state === 'failed');
// The list's role and name live on Virtuoso's scroller, the element that scrolls.
const scrollerProps = { role: 'log', 'aria-label': 'Messages', 'aria-live': 'polite' } as const;
// The same keyboard focus ring as the windowed list's (ConversationList).
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';
const Bottom = () => <div className="h-3" />;
// The side padding goes on the list: Virtuoso's viewport is absolutely placed, past a scroller's padding.
const Rows = ({ style, children, ref, 'data-testid': testId }: ListProps) => <div ref={ref} style={style} data-testid={testId} className="px-3">{children}</div>;
const components: Components<Item, ListContext & RowContext> = { Header: HistoryEdge, Footer: Bottom, List: Rows };

const RING = 'rounded-box ring-2 ring-primary ring-offset-2 ring-offset-base-100';

function renderRow({ message: m, mine }: Item, { showSender, onImageLoad, days, dividerKey, highlightKey }: ListContext & RowContext) {
  const day = days.get(m.key);
  const ringed = m.key === highlightKey;
  return (
    <>
      {day && <DaySeparator label={day} />}
      {m.key === dividerKey && <NewMessagesDivider />}
      <div className={ringed ? RING : undefined} data-highlighted={ringed || undefined}>
        <MessageRow message={m} mine={mine} showSender={showSender} onImageLoad={m.image ? onImageLoad : undefined} />
      </div>
    </>
  );
}

type WindowedProps = Omit<Props, 'messages' | 'emptyText'> & {
  messages: LocalMessage[];
  target: ListAnchor | null;
  highlightKey: string | null;
  /** Paging towards a message the address names. */
  seeking: boolean;
};

function Windowed({ messages, me, showSender, history, dividerKey = null, onAtEnd, target, highlightKey, seeking }: WindowedProps) {
  const { loadOlder, loadingOlder, atStart, failed, setFollowing } = history;
  const items = useMemo(() => messages.map((m) => messageItem(m, me)), [messages, me]);
  const onRetry = useCallback(() => void loadOlder(), [loadOlder]);
  // Today's labels are worked out when the messages change; a list left open past midnight keeps yesterday's "Today".
  const days = useMemo(() => daySeparators(messages), [messages]);
  const context = useMemo<ListContext>(
    () => ({ showSender, loadingOlder, atStart, failed, onRetry, days, dividerKey, highlightKey }),
    [showSender, loadingOlder, atStart, failed, onRetry, days, dividerKey, highlightKey],
  );
  // A message opened from elsewhere comes first; else the first unread, with its divider at the top.
  const dividerAnchor = useMemo<ListAnchor | null>(() => (dividerKey ? { key: dividerKey, align: 'start', request: 0 } : null), [dividerKey]);
  const startReached = useCallback(() => {
    if (!atStart && !loadingOlder) void loadOlder();
  }, [atStart, loadingOlder, loadOlder]);
  // While paging towards a wanted message the list sits at the bottom, yet the window must not be
  // cut back to its newest page: that would drop the very rows just paged in. Once the message is
  // shown, the list's next word on where its reader is counts again.
  useEffect(() => {
    if (seeking) setFollowing(false);
  }, [seeking, setFollowing]);
  const onAtBottom = useCallback((bottom: boolean) => {
    setFollowing(bottom && !seeking);
    onAtEnd?.(bottom);
  }, [setFollowing, onAtEnd, seeking]);

  return (
    <ConversationList rows={items} keyOf={keyOf} isOwnNew={isOwnNew} renderRow={renderRow} context={context} components={components}
      scroller={scrollerProps} onStartReached={startReached} onAtBottom={onAtBottom} anchor={target ?? dividerAnchor} />
  );
}

/** The conversation, oldest first, opened at the newest message. */
export function MessageList({ messages, me, showSender, emptyText, history, dividerKey, onAtEnd }: Props) {
  const { anchor, highlightKey, announcement, seeking } = useMessageTarget(messages, history);
  const said = <p role="status" className="sr-only">{announcement}</p>;
  if (messages === undefined || (messages.length === 0 && history.loadingOlder)) {
    return <div className="flex-1"><InlineSpinner label="Loading messages" /></div>;
  }
  if (messages.length === 0) {
    return (
      <div className={`flex-1 overflow-y-auto px-3 py-4 ${FOCUS_RING}`} {...scrollerProps} tabIndex={0}>
        {history.failed && <HistoryEdge context={{ ...history, onRetry: () => void history.loadOlder() }} />}
        <p className="py-8 text-center">{emptyText}</p>
      </div>
    );
  }
  // Mounted afresh for the first rows, so it opens at the bottom of whatever arrived.
  return (
    <>
      <Windowed messages={messages} me={me} showSender={showSender} history={history} dividerKey={dividerKey} onAtEnd={onAtEnd}
        target={anchor} highlightKey={highlightKey} seeking={seeking} />
      {said}
    </>
  );
}
