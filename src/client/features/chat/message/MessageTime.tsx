/**
 * When a message was written (its `writtenAt`, else when the server stored it), and "edited" beside
 * it once its author changed it, with when in its title and said to screen readers.
 */
import type { LocalMessage } from '../../../db/database';
import { formatTime, shownAt } from '../format';

function Edited({ at }: { at: string }) {
  const when = new Date(at);
  const full = Number.isNaN(when.getTime()) ? 'Edited' : `Edited ${when.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} at ${formatTime(at, when)}`;
  return (
    <span className="italic" title={full} data-testid="edited">
      edited<span className="sr-only">: {full}</span>
    </span>
  );
}

export function MessageTime({ message: m }: { message: LocalMessage }) {
  const at = shownAt(m);
  return (
    <>
      <time dateTime={at}>{formatTime(at)}</time>
      {m.editedAt && !m.deletedAt && <Edited at={m.editedAt} />}
    </>
  );
}
