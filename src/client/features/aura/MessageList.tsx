/** The conversation, newest at the bottom and kept in view as turns arrive. */
import type { LocalAiMessage } from '../../db/database';
import { MessageBubble } from './MessageBubble';
import { QueuedNote, Thinking } from './Thinking';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function scrollIntoView(end: HTMLDivElement | null) {
  end?.scrollIntoView?.({ block: 'end', behavior: reducedMotion() ? 'auto' : 'smooth' });
}

export function MessageList({ messages, waiting, offline }: { messages: readonly LocalAiMessage[]; waiting: boolean; offline: boolean }) {
  const last = messages.at(-1);
  // The end marker is remade (and so scrolled to) on a new turn, a changed state of the last one,
  // and the thinking indicator coming or going.
  const marker = `${messages.length}:${last?.key}:${last?.status}:${waiting}:${offline}`;

  return (
    // Focusable so keyboard users can scroll it.
    <div className="flex-1 overflow-y-auto px-2 py-4 focus-visible:outline-2 focus-visible:outline-primary sm:px-4"
      aria-label="Conversation with Aura" role="region" tabIndex={0}>
      <ol className="mx-auto flex max-w-3xl flex-col gap-1" aria-live="polite" aria-relevant="additions">
        {messages.map((m) => <MessageBubble key={m.key} message={m} />)}
      </ol>
      <div className="mx-auto max-w-3xl">
        {waiting && (offline ? <QueuedNote /> : <Thinking />)}
      </div>
      <div key={marker} ref={scrollIntoView} />
    </div>
  );
}
