/**
 * The chips under a message: one per emoji with its count, named with who chose it ("❤️ 2: Alex
 * and you"), pressed when one of them is the reader's; a tap adds or takes back the reader's own.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalMessage } from '../../../db/database';
import { useDb } from '../../../sync/current';
import { useBlockedIds } from '../../safety/hooks';
import { canRespond } from '../MessageActions';
import { useMessageScope } from './context';
import { toggleReaction, visibleReactions, whoReacted } from './reactions';

export function Reactions({ message }: { message: LocalMessage }) {
  const scope = useMessageScope();
  const blocked = useBlockedIds();
  const db = useDb();
  const shown = visibleReactions(message.reactions, blocked);
  const me = scope?.me ?? '';
  const others = [...new Set(shown.flatMap((r) => r.userIds))].filter((id) => id !== me).sort();
  // Names the device holds (the people lists); a group's senders come from the conversation itself.
  const people = useLiveQuery(async () => (others.length ? db.users.bulkGet(others) : []), [db, others.join(',')]);
  if (shown.length === 0 || message.deletedAt) return null;
  const nameOf = (id: string) => people?.find((p) => p?._id === id)?.fullName || scope?.nameOf(id) || 'Someone';
  const usable = scope !== null && canRespond(message);

  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1" data-testid="reactions">
      {shown.map((r) => {
        const own = r.userIds.includes(me);
        const who = whoReacted(r.userIds, me, nameOf);
        return (
          <li key={r.emoji}>
            <button type="button" aria-pressed={own} aria-label={`${r.emoji} ${r.userIds.length}: ${who}`} title={who} disabled={!usable}
              onClick={() => toggleReaction(message, r.emoji, !own)}
              className={`btn btn-xs h-7 rounded-full px-2 font-normal ${own ? 'border-primary bg-primary/15' : 'border-base-300 bg-base-100'}`}>
              <span aria-hidden="true">{r.emoji}</span> <span>{r.userIds.length}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
