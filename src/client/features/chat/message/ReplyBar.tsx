/**
 * Above the composer while a reply is being written: "Replying to <name>" with a line of the
 * original, and × to cancel (Escape in the message box cancels too). It puts focus in the box;
 * drawn afresh (keyed) for each message replied to.
 */
import { useEffect, useRef } from 'react';
import type { LocalMessage } from '../../../db/database';
import { IconClose } from '../../../ui/icons';
import { useMessageScope } from './context';
import { authorName, snippetOf } from './snippet';

/** The conversation's message box: the composer is drawn just below this bar, in the same section. */
const composerField = (from: HTMLElement | null) => from?.closest('section')?.querySelector<HTMLElement>('form input[type="text"], form textarea') ?? null;

export function ReplyBar({ message, onCancel }: { message: LocalMessage; onCancel: () => void }) {
  const scope = useMessageScope();
  const bar = useRef<HTMLDivElement>(null);
  const name = scope ? authorName(message, scope.me, scope.nameOf) : 'Someone';
  const to = name === 'You' ? 'yourself' : name;

  useEffect(() => {
    const field = composerField(bar.current);
    field?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    field?.addEventListener('keydown', onKey);
    return () => field?.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div ref={bar} role="group" aria-label={`Replying to ${to}`} data-testid="reply-bar"
      className="flex items-center gap-2 border-t border-base-300 bg-base-200 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1 border-l-4 border-primary pl-2">
        <p className="font-semibold">Replying to {to}</p>
        <p className="truncate">{snippetOf(message)}</p>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Cancel reply" onClick={() => {
        composerField(bar.current)?.focus();
        onCancel();
      }}>
        <IconClose className="size-4" />
      </button>
    </div>
  );
}
