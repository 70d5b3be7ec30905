/** An own message's state: a clock on its way, ticks once stored, a red mark with Retry and Delete. */
import { toast } from 'react-hot-toast';
import type { LocalMessage } from '../../../db/database';
import { discardMessage, retryMessage } from '../../../sync/hooks';
import { SEND_TEXTS } from '../../../sync/texts';
import { IconClock } from '../../../ui/icons';
import { STATE_TEXT, type ItemState } from '../../conversation/items';
import { ReceiptTicks } from '../ReceiptTicks';

export function OwnStatus({ message, state }: { message: LocalMessage; state: Exclude<ItemState, 'deleted'> }) {
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
  if (state === 'sent' && message.kind === 'direct') return <ReceiptTicks message={message} />;
  return state === 'sent'
    ? <span data-status="sent" role="img" aria-label={STATE_TEXT.sent} className="text-success">✓</span>
    : <span data-status="pending" role="img" aria-label={STATE_TEXT.pending}><IconClock className="inline size-3.5" /></span>;
}
