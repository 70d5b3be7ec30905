/**
 * A direct or group conversation, windowed: only the rows on screen are in the DOM (Virtuoso), a
 * status change re-renders one row, and scrolling up pages in older history without a jump.
 */
import { useCallback, useMemo } from 'react';
import { Virtuoso, type Components, type ListProps } from 'react-virtuoso';
import type { LocalMessage } from '../../db/database';
import type { ConversationWindow } from '../../sync/history';
import { InlineSpinner } from '../../ui/Spinner';
import { daySeparators } from './format';
import { HistoryEdge, type HistoryEdgeState } from './HistoryEdge';
import { MessageRow } from './MessageRow';
import { NewMessagesPill } from './NewMessagesPill';
import { DaySeparator, NewMessagesDivider } from './Unread';
import { useStickyScroll } from './useStickyScroll';

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
  me: string;
  showSender: boolean;
  onImageLoad: () => void;
  /** The messages that open a day, with the day's label. */
  days: Map<string, string>;
  dividerKey: string | null;
}

const keyOf = (m: LocalMessage) => m.key;
// The list's role and name live on Virtuoso's scroller, the element that scrolls.
const scrollerProps = { role: 'log', 'aria-label': 'Messages', 'aria-live': 'polite', tabIndex: 0 } as const;
const Bottom = () => <div className="h-3" />;
// The side padding goes on the list: Virtuoso's viewport is absolutely placed, past a scroller's padding.
const Rows = ({ style, children, ref, 'data-testid': testId }: ListProps) => <div ref={ref} style={style} data-testid={testId} className="px-3">{children}</div>;
const components: Components<LocalMessage, ListContext> = { Header: HistoryEdge, Footer: Bottom, List: Rows };

function itemContent(_index: number, m: LocalMessage, { me, showSender, onImageLoad, days, dividerKey }: ListContext) {
  const mine = m.senderId === me;
  const day = days.get(m.key);
  return (
    <>
      {day && <DaySeparator label={day} />}
      {m.key === dividerKey && <NewMessagesDivider />}
      <MessageRow message={m} mine={mine} showSender={showSender} onImageLoad={m.image ? onImageLoad : undefined} />
    </>
  );
}

function Windowed({ messages, me, showSender, history, dividerKey = null, onAtEnd }: Omit<Props, 'messages' | 'emptyText'> & { messages: LocalMessage[] }) {
  const { loadOlder, loadingOlder, atStart, failed, setFollowing } = history;
  // What this person just typed is queued or on its way; their own sent rows came from elsewhere.
  const isOwnNew = useCallback((m: LocalMessage) => m.senderId === me && m.status !== 'sent', [me]);
  const { handle, firstItemIndex, followOutput, unseen, onAtBottom, jumpToBottom, keepBottom } = useStickyScroll(messages, keyOf, isOwnNew);
  const onRetry = useCallback(() => void loadOlder(), [loadOlder]);
  // Today's labels are worked out when the messages change; a list left open past midnight keeps yesterday's "Today".
  const days = useMemo(() => daySeparators(messages), [messages]);
  const context = useMemo<ListContext>(
    () => ({ me, showSender, onImageLoad: keepBottom, loadingOlder, atStart, failed, onRetry, days, dividerKey }),
    [me, showSender, keepBottom, loadingOlder, atStart, failed, onRetry, days, dividerKey],
  );
  const startReached = useCallback(() => {
    if (!atStart && !loadingOlder) void loadOlder();
  }, [atStart, loadingOlder, loadOlder]);

  return (
    <div className="relative min-h-0 flex-1">
      <Virtuoso
        ref={handle}
        {...scrollerProps}
        className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
        data={messages}
        context={context}
        components={components}
        computeItemKey={(_i, m) => m.key}
        itemContent={itemContent}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        followOutput={followOutput}
        atBottomStateChange={(bottom) => {
          onAtBottom(bottom);
          setFollowing(bottom);
          onAtEnd?.(bottom);
        }}
        atBottomThreshold={48}
        startReached={startReached}
        increaseViewportBy={{ top: 600, bottom: 300 }}
      />
      {unseen && <NewMessagesPill onClick={jumpToBottom} />}
    </div>
  );
}

/** The conversation, oldest first, opened at the newest message. */
export function MessageList({ messages, me, showSender, emptyText, history, dividerKey, onAtEnd }: Props) {
  if (messages === undefined || (messages.length === 0 && history.loadingOlder)) {
    return <div className="flex-1"><InlineSpinner label="Loading messages" /></div>;
  }
  if (messages.length === 0) {
    return (
      <div className="flex-1 overflow-y-auto px-3 py-4" {...scrollerProps}>
        {history.failed && <HistoryEdge context={{ ...history, onRetry: () => void history.loadOlder() }} />}
        <p className="py-8 text-center">{emptyText}</p>
      </div>
    );
  }
  // Mounted afresh for the first rows, so it opens at the bottom of whatever arrived.
  return <Windowed messages={messages} me={me} showSender={showSender} history={history} dividerKey={dividerKey} onAtEnd={onAtEnd} />;
}
