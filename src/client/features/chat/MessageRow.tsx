/** One message of a direct or group chat; memoised so a change to another message leaves it alone. */
import { memo } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalMessage } from '../../db/database';
import { discardMessage, retryMessage } from '../../sync/hooks';
import { SEND_TEXTS } from '../../sync/texts';
import { IconClock } from '../../ui/icons';
import { formatTime } from './format';
import { itemState, STATE_TEXT, type ItemState } from '../conversation/items';
import { MessageActions } from './MessageActions';

/** What stands in place of a message taken back (docs/decisions/taking-messages-back.md). */
export function tombstoneText(deletedBy: LocalMessage['deletedBy']): string {
  return deletedBy === 'moderator' ? 'This message was removed by a moderator' : 'This message was deleted';
}

/** An own message's state: a clock on its way, a tick once stored, a red mark with Retry and Delete. */
function OwnStatus({ message, state }: { message: LocalMessage; state: Exclude<ItemState, 'deleted'> }) {
  const act = (what: (key: string) => Promise<void>) => () => {
    what(message.key).catch((error: unknown) => toast.error(error instanceof Error ? error.message : SEND_TEXTS.failedTryAgain));
  };
  if (state === 'failed') {
    return (
      <span className="flex flex-wrap items-center justify-end gap-2 text-error" role="alert">
        <span data-status="failed" aria-label={STATE_TEXT.failed} className="font-bold">!</span>
        <span>{message.error || 'Not sent'}</span>
        <button type="button" className="btn btn-xs btn-outline" onClick={act(retryMessage)}>Retry</button>
        <button type="button" className="btn btn-xs btn-ghost" onClick={act(discardMessage)}>Delete</button>
      </span>
    );
  }
  return state === 'sent'
    ? <span data-status="sent" role="img" aria-label={STATE_TEXT.sent} className="text-success">✓</span>
    : <span data-status="pending" role="img" aria-label={STATE_TEXT.pending}><IconClock className="inline size-3.5" /></span>;
}

export interface MessageRowProps {
  message: LocalMessage;
  mine: boolean;
  /** Group chats name each sender; a direct chat has only two people. */
  showSender: boolean;
  /** Called when the image has loaded (the row grew). */
  onImageLoad?: () => void;
}

function Row({ message: m, mine, showSender, onImageLoad }: MessageRowProps) {
  const state = itemState(m.status, m.deletedAt);
  const gone = state === 'deleted';
  return (
    <div className={`chat ${mine ? 'chat-end' : 'chat-start'}`} data-testid="message" data-mine={mine} data-deleted={gone || undefined}>
      {showSender && !mine && <div className="chat-header text-xs">{m.sender?.fullName ?? 'Someone'}</div>}
      {gone
        // No words, no image, no actions: only that something was here.
        ? <div className="chat-bubble bg-base-200 text-base-content italic">{tombstoneText(m.deletedBy)}</div>
        : (
          <div className={`chat-bubble wrap-anywhere whitespace-pre-wrap ${mine ? 'chat-bubble-primary' : ''}`}>
            {m.image && (
              <img src={m.image} alt={mine ? 'Image you sent' : 'Image sent to you'} className="mb-1 max-h-64 rounded" loading="lazy" onLoad={onImageLoad} />
            )}
            {m.text}
          </div>
        )}
      {/* One footer: daisyUI's chat grid has a single footer row. */}
      <div className="chat-footer flex flex-wrap items-center justify-end gap-1 text-xs">
        <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
        {mine && state !== 'deleted' && <OwnStatus message={m} state={state} />}
        {!gone && <MessageActions message={m} mine={mine} />}
      </div>
    </div>
  );
}

/** The fields a row shows: a live query hands over new objects each time, so identity says nothing. */
export function sameRow(a: MessageRowProps, b: MessageRowProps): boolean {
  const x = a.message;
  const y = b.message;
  return a.mine === b.mine && a.showSender === b.showSender && a.onImageLoad === b.onImageLoad
    && x.key === y.key && x.status === y.status && x.error === y.error && x.text === y.text && x.image === y.image
    && x.createdAt === y.createdAt && x.sender?.fullName === y.sender?.fullName
    && (x.deletedAt ?? null) === (y.deletedAt ?? null) && (x.deletedBy ?? null) === (y.deletedBy ?? null) && x._id === y._id;
}

export const MessageRow = memo(Row, sameRow);
