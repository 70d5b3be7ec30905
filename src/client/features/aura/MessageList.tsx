/**
 * The conversation with Aura, newest at the bottom, windowed with Virtuoso like the other chats.
 * Its history comes whole from GET /api/chats/{id} (the shape the spec's client relies on), so
 * paging here is local only: the newest turns are shown first and the window widens as the
 * reader scrolls up.
 */
import { useCallback, useMemo, useState, type Ref } from 'react';
import { Virtuoso, type Components, type ItemProps, type ListProps } from 'react-virtuoso';
import type { LocalAiMessage } from '../../db/database';
import { NewMessagesPill } from '../chat/NewMessagesPill';
import { useStickyScroll } from '../chat/useStickyScroll';
import { MessageBubble } from './MessageBubble';
import { QueuedNote, Thinking } from './Thinking';

const PAGE = 50;

/**
 * While a question waits, the list ends with a row saying so (Aura thinking, or kept for later
 * offline): as a row, it is what "scroll to the newest" reaches and what the answer replaces.
 */
interface WaitingRow {
  key: 'aura-waiting';
  offline: boolean;
}
type Row = LocalAiMessage | WaitingRow;
interface ListContext {
  onImageLoad: () => void;
}

const isTurn = (row: Row): row is LocalAiMessage => row.key !== 'aura-waiting';
const keyOf = (row: Row) => row.key;
// A question just asked is still on its way; Aura's answer or a reload's rows are not.
const isOwnNew = (row: Row) => isTurn(row) && row.role === 'user' && row.status !== 'sent';

// The side gaps are the list's own (its width): Virtuoso's viewport is absolutely placed, past a
// scroller's padding, and the turns sit at the list's edges.
function TurnList({ style, children, ref, 'data-testid': testId }: ListProps) {
  return (
    <ol ref={ref as Ref<HTMLOListElement>} style={style} data-testid={testId}
      className="mx-auto w-[calc(100%-1rem)] max-w-3xl sm:w-[calc(100%-2rem)]" aria-live="polite" aria-relevant="additions">
      {children}
    </ol>
  );
}

function TurnItem({ item: _item, context: _context, children, ...rest }: ItemProps<Row> & { context?: ListContext }) {
  // Virtuoso measures each row through the data-* attributes it passes here.
  return <li {...rest} className="pb-1">{children}</li>;
}

const Edge = () => <div className="h-4" />;
const components: Components<Row, ListContext> = { List: TurnList, Item: TurnItem, Header: Edge, Footer: Edge };

function itemContent(_index: number, row: Row, { onImageLoad }: ListContext) {
  if (!isTurn(row)) return row.offline ? <QueuedNote /> : <Thinking />;
  return <MessageBubble message={row} onImageLoad={row.img ? onImageLoad : undefined} />;
}

export function MessageList({ messages, waiting, offline }: { messages: readonly LocalAiMessage[]; waiting: boolean; offline: boolean }) {
  const [shown, setShown] = useState(PAGE);
  const rows = useMemo<Row[]>(() => {
    const turns = messages.length > shown ? messages.slice(-shown) : [...messages];
    return waiting ? [...turns, { key: 'aura-waiting', offline }] : turns;
  }, [messages, shown, waiting, offline]);
  const { handle, firstItemIndex, followOutput, unseen, onAtBottom, jumpToBottom, keepBottom } = useStickyScroll(rows, keyOf, isOwnNew);
  const context = useMemo<ListContext>(() => ({ onImageLoad: keepBottom }), [keepBottom]);
  const startReached = useCallback(() => {
    if (messages.length > shown) setShown((n) => n + PAGE);
  }, [messages.length, shown]);

  const scroller = { role: 'region', 'aria-label': 'Conversation with Aura', tabIndex: 0 } as const;
  // Mounted with its first rows, so it opens at the bottom of whatever arrived.
  if (rows.length === 0) return <div className="flex-1" {...scroller} />;
  return (
    <div className="relative min-h-0 flex-1">
      <Virtuoso
        ref={handle}
        // Focusable so keyboard users can scroll it.
        {...scroller}
        className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
        data={rows}
        context={context}
        components={components}
        computeItemKey={(_i, row) => row.key}
        itemContent={itemContent}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        followOutput={followOutput}
        atBottomStateChange={onAtBottom}
        atBottomThreshold={48}
        startReached={startReached}
        increaseViewportBy={{ top: 600, bottom: 300 }}
      />
      {unseen && <NewMessagesPill onClick={jumpToBottom} />}
    </div>
  );
}
