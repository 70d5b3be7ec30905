/**
 * The conversation with Aura, newest at the bottom, windowed with Virtuoso like the other chats.
 * Its history comes whole from GET /api/chats/{id} (the shape the spec's client relies on), so
 * paging here is local only: the newest turns are shown first and the window widens as the
 * reader scrolls up.
 */
import { useCallback, useMemo, useState, type Ref } from 'react';
import type { Components, ItemProps, ListProps } from 'react-virtuoso';
import { PAGE_SIZE_DEFAULT } from '../../../shared/limits';
import type { LocalAiMessage } from '../../db/database';
import { ConversationList, type RowContext } from '../conversation/ConversationList';
import { auraItem, WAITING_KEY, type ListItem } from '../conversation/items';
import { MessageBubble } from './MessageBubble';
import { QueuedNote, Thinking } from './Thinking';


type Row = ListItem<LocalAiMessage>;
type ListContext = object;

const keyOf = (row: Row) => row.key;
// A question just asked is still on its way (or refused); Aura's answer or a reload's rows are not.
const isOwnNew = (row: Row) => row.type === 'message' && row.mine && row.state !== 'sent';

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

function TurnItem({ item: _item, context: _context, children, ...rest }: ItemProps<Row> & { context?: RowContext }) {
  // Virtuoso measures each row through the data-* attributes it passes here.
  return <li {...rest} className="pb-1">{children}</li>;
}

const Edge = () => <div className="h-4" />;
const components: Components<Row, RowContext> = { List: TurnList, Item: TurnItem, Header: Edge, Footer: Edge };
const NO_CONTEXT: ListContext = {};

function renderRow(row: Row, { onImageLoad }: RowContext) {
  if (row.type === 'waiting') return row.offline ? <QueuedNote /> : <Thinking />;
  return <MessageBubble message={row.message} onImageLoad={row.message.img ? onImageLoad : undefined} />;
}

const scroller = { role: 'region', 'aria-label': 'Conversation with Aura' } as const;

export function MessageList({ messages, waiting, offline }: { messages: readonly LocalAiMessage[]; waiting: boolean; offline: boolean }) {
  const [shown, setShown] = useState(PAGE_SIZE_DEFAULT);
  const rows = useMemo<Row[]>(() => {
    const turns = (messages.length > shown ? messages.slice(-shown) : messages).map(auraItem);
    // As a row, the waiting note is what "scroll to the newest" reaches and what the answer replaces.
    return waiting ? [...turns, { type: 'waiting', key: WAITING_KEY, offline }] : turns;
  }, [messages, shown, waiting, offline]);
  const startReached = useCallback(() => {
    if (messages.length > shown) setShown((n) => n + PAGE_SIZE_DEFAULT);
  }, [messages.length, shown]);

  // Mounted with its first rows, so it opens at the bottom of whatever arrived.
  if (rows.length === 0) return <div className="flex-1" {...scroller} tabIndex={0} />;
  return (
    <ConversationList rows={rows} keyOf={keyOf} isOwnNew={isOwnNew} renderRow={renderRow} context={NO_CONTEXT} components={components}
      scroller={scroller} onStartReached={startReached} />
  );
}
