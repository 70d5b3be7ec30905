/** One turn: the person's on the right (with its send state), Aura's on the left as markdown. */
import { memo } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalAiMessage } from '../../db/database';
import { discardMessage, retryMessage, useImageSource } from '../../sync/hooks';
import { SEND_TEXTS } from '../../sync/texts';
import { itemState } from '../conversation/items';
import { IconClock } from '../../ui/icons';
import { AuraMarkdown } from './AuraMarkdown';
import { CrisisCard } from './CrisisCard';

function SendState({ message }: { message: LocalAiMessage }) {
  const state = itemState(message.status);
  if (state === 'sent') return null;
  if (state === 'failed') {
    return (
      <div className="chat-footer mt-1 flex flex-wrap items-center justify-end gap-2 text-error">
        <span>Not sent{message.error ? `: ${message.error}` : ''}</span>
        <button type="button" className="btn btn-xs btn-outline"
          onClick={() => void retryMessage(message.key).catch(() => toast.error(SEND_TEXTS.failed))}>
          Retry
        </button>
        <button type="button" className="btn btn-xs btn-ghost"
          onClick={() => void discardMessage(message.key).catch(() => toast.error('Failed to delete message'))}>
          Delete
        </button>
      </div>
    );
  }
  const label = message.status === 'sending' ? 'Sending' : 'Queued';
  return (
    <div className="chat-footer mt-1 flex items-center gap-1" data-testid="aura-send-state" data-status={message.status}>
      <IconClock className="size-3.5" />
      <span className="text-xs">{label}</span>
    </div>
  );
}

interface BubbleProps {
  message: LocalAiMessage;
  /** Called when the image has loaded (the turn grew). */
  onImageLoad?: () => void;
}

function Bubble({ message, onImageLoad }: BubbleProps) {
  const mine = message.role === 'user';
  // A photo attached offline is shown from the device until it is uploaded.
  const image = useImageSource(message.img);
  return (
    <div className={`chat ${mine ? 'chat-end' : 'chat-start'}`} data-testid="aura-message" data-role={message.role}>
      <div className="chat-header mb-1 text-xs">{mine ? 'You' : 'Aura'}</div>
      {/* Help is the first thing on screen in Aura's answer: the tappable card, then the words. */}
      {!mine && message.crisis && <CrisisCard subject={message.crisisFor} imminent={message.crisisImminent} />}
      {/* daisyUI places the bubble in the grid's second row: with a card above it, the third. */}
      <div className={`chat-bubble max-w-[85%] sm:max-w-[75%] ${mine ? 'chat-bubble-primary' : ''} ${!mine && message.crisis ? 'row-start-3' : ''}`}>
        {image && (
          <a href={image} target="_blank" rel="noopener noreferrer" className="mb-2 block">
            <img src={image} alt={mine ? 'Image you shared' : 'Image from Aura'} loading="lazy" onLoad={onImageLoad}
              className="max-h-64 max-w-full rounded-lg object-contain" />
          </a>
        )}
        {mine
          ? message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>
          : <AuraMarkdown text={message.text} />}
      </div>
      {mine && <SendState message={message} />}
      {/* Offline too: help shows under the question at once; once sent, Aura's answer carries it. */}
      {mine && message.crisis && message.status !== 'sent' && <CrisisCard subject={message.crisisFor} imminent={message.crisisImminent} mine />}
    </div>
  );
}

/** The fields a turn shows: a live query hands over new objects each time, so identity says nothing. */
export function sameBubble(a: BubbleProps, b: BubbleProps): boolean {
  const x = a.message;
  const y = b.message;
  return a.onImageLoad === b.onImageLoad && x.key === y.key && x.role === y.role && x.status === y.status
    && x.error === y.error && x.text === y.text && x.img === y.img && x.crisis === y.crisis && x.crisisFor === y.crisisFor
    && x.crisisImminent === y.crisisImminent;
}

/** One turn; a change to another turn leaves it alone. */
export const MessageBubble = memo(Bubble, sameBubble);
