/**
 * The message a reply answers, quoted at the top of the reply's bubble: its sender and its words as
 * they are now on this device (an edit shows, a taking back shows as the tombstone), or "Original
 * message" when the device does not hold it. A tap opens the conversation at the original.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../sync/current';
import { useBlockedIds } from '../../safety/hooks';
import { useMessageScope } from './context';
import { authorName, snippetOf } from './snippet';

export const ORIGINAL_UNKNOWN = 'Original message';

export function Quote({ replyTo }: { replyTo: string }) {
  const scope = useMessageScope();
  const db = useDb();
  const blocked = useBlockedIds();
  // Wrapped, so "not on this device" (null) differs from "still reading" (undefined).
  const found = useLiveQuery(async () => ({ original: (await db.messages.where('_id').equals(replyTo).first()) ?? null }), [db, replyTo]);
  const original = found?.original ?? null;
  // Someone the reader blocks is not quoted either: their words stay hidden here as everywhere.
  const known = original !== null && !blocked.has(original.senderId);
  const name = known && scope ? authorName(original, scope.me, scope.nameOf) : null;
  const words = known ? snippetOf(original) : found ? ORIGINAL_UNKNOWN : '…';

  return (
    <button type="button" data-testid="reply-quote" disabled={!scope} onClick={() => scope?.openMessage(replyTo)}
      aria-label={`Reply to ${name ? `${name}: ` : ''}${words}. Show the original message`}
      className="mb-1 block w-full min-w-0 cursor-pointer rounded border-l-4 border-current bg-black/10 px-2 py-1 text-left text-sm not-italic">
      {name && <span className="block font-semibold">{name}</span>}
      <span className={`block truncate ${known && original.deletedAt ? 'italic' : ''}`}>{words}</span>
    </button>
  );
}
