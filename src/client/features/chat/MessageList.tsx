import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalMessage } from '../../db/database';
import { discardMessage, retryMessage } from '../../sync/hooks';
import { InlineSpinner } from '../../ui/Spinner';
import { IconClock } from '../../ui/icons';
import { formatTime, STATUS_TEXT, statusMark } from './format';

/** An own message's state: a clock on its way, a tick once stored, a red mark with Retry and Delete. */
function OwnStatus({ message }: { message: LocalMessage }) {
  const mark = statusMark(message.status);
  const act = (what: (key: string) => Promise<void>) => () => {
    what(message.key).catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'Failed to send message. Please try again.'));
  };
  if (mark === 'failed') {
    return (
      <span className="flex flex-wrap items-center justify-end gap-2 text-error" role="alert">
        <span data-status="failed" aria-label={STATUS_TEXT.failed} className="font-bold">!</span>
        <span>{message.error || 'Not sent'}</span>
        <button type="button" className="btn btn-xs btn-outline" onClick={act(retryMessage)}>Retry</button>
        <button type="button" className="btn btn-xs btn-ghost" onClick={act(discardMessage)}>Delete</button>
      </span>
    );
  }
  return mark === 'tick'
    ? <span data-status="sent" role="img" aria-label={STATUS_TEXT.tick} className="text-success">✓</span>
    : <span data-status="pending" role="img" aria-label={STATUS_TEXT.clock}><IconClock className="inline size-3.5" /></span>;
}

interface Props {
  messages: LocalMessage[] | undefined;
  me: string;
  /** Group chats name each sender; a direct chat has only two people. */
  showSender: boolean;
  emptyText: string;
}

/** The conversation, oldest first, kept scrolled to the newest message. */
export function MessageList({ messages, me, showSender, emptyText }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  const last = messages?.[count - 1];
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- scroll again whenever a message arrives or the newest one changes state
  }, [count, last?.key, last?.status]);

  if (messages === undefined) return <div className="flex-1"><InlineSpinner label="Loading messages" /></div>;
  return (
    <div className="flex-1 overflow-y-auto px-3 py-4" role="log" aria-label="Messages" aria-live="polite" tabIndex={0}>
      {messages.length === 0 && <p className="py-8 text-center">{emptyText}</p>}
      {messages.map((m) => {
        const mine = m.senderId === me;
        return (
          <div key={m.key} className={`chat ${mine ? 'chat-end' : 'chat-start'}`} data-testid="message" data-mine={mine}>
            {showSender && !mine && <div className="chat-header text-xs">{m.sender?.fullName ?? 'Someone'}</div>}
            <div className={`chat-bubble wrap-anywhere whitespace-pre-wrap ${mine ? 'chat-bubble-primary' : ''}`}>
              {m.image && <img src={m.image} alt={mine ? 'Image you sent' : 'Image sent to you'} className="mb-1 max-h-64 rounded" loading="lazy" />}
              {m.text}
            </div>
            {/* One footer: daisyUI's chat grid has a single footer row. */}
            <div className="chat-footer flex flex-wrap items-center justify-end gap-1 text-xs">
              <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
              {mine && <OwnStatus message={m} />}
            </div>
          </div>
        );
      })}
      <div ref={end} />
    </div>
  );
}
