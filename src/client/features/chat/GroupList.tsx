import type { GroupSummary } from '../../../shared/api';
import { InlineSpinner } from '../../ui/Spinner';
import { memberCount } from '../../ui/labels';
import { GroupIcon } from './GroupIcon';

interface Props {
  groups: GroupSummary[] | undefined;
  selectedId: string | null;
  busyId: string | null;
  onOpen: (group: GroupSummary) => void;
  onJoin: (group: GroupSummary) => void;
  emptyText: string;
}

/** The sidebar's Groups tab: a member opens the chat; anyone else joins first. */
export function GroupList({ groups, selectedId, busyId, onOpen, onJoin, emptyText }: Props) {
  if (groups === undefined) return <InlineSpinner label="Loading groups" />;
  if (groups.length === 0) return <p className="p-3 text-sm">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label="Groups">
      {groups.map((g) => (
        <li key={g._id}>
          <button type="button" data-testid="group-item" disabled={busyId === g._id}
            onClick={() => (g.isMember ? onOpen(g) : onJoin(g))} aria-current={selectedId === g._id ? 'true' : undefined}
            className={`flex w-full items-center gap-3 rounded-box p-2 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${selectedId === g._id ? 'bg-base-300' : ''}`}>
            <GroupIcon type={g.type} className="size-7 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{g.name}</span>
              <span className="block text-xs">{memberCount(g.memberCount)}</span>
            </span>
            <span className={`badge badge-sm ${g.isMember ? 'badge-ghost' : 'badge-primary'}`}>{g.isMember ? 'Open Chat' : 'Join'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
