import type { GroupSummary } from '../../../shared/api';
import { InlineSpinner } from '../../ui/Spinner';
import { GROUP_TYPE_LABEL, memberCount } from '../../ui/labels';
import { GroupIcon } from './GroupIcon';

interface Props {
  groups: GroupSummary[] | undefined;
  busyId: string | null;
  onJoin: (group: GroupSummary) => void;
  onOpen: (group: GroupSummary) => void;
}

/** The main area with nothing open: every support group with Join or Open Chat (spec section 4). */
export function GroupsPanel({ groups, busyId, onJoin, onOpen }: Props) {
  return (
    <section aria-labelledby="groups-title" className="p-3 sm:p-6">
      <h1 id="groups-title" className="text-xl font-bold sm:text-2xl">Community Support Groups</h1>
      <p className="mt-1">Join a group to talk with people who understand, or choose someone to message.</p>
      {groups === undefined && <InlineSpinner label="Loading groups" />}
      {groups?.length === 0 && <p className="mt-4">There are no support groups yet.</p>}
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {groups?.map((g) => (
          <li key={g._id} className="card card-border bg-base-100" data-testid="group-card">
            <div className="card-body gap-2 p-4">
              <div className="flex items-center gap-3">
                <GroupIcon type={g.type} className="size-8 shrink-0 text-primary" />
                <div className="min-w-0">
                  <h2 className="card-title text-base wrap-anywhere">{g.name}</h2>
                  <p className="text-xs">{GROUP_TYPE_LABEL[g.type]} · {memberCount(g.memberCount)}</p>
                </div>
              </div>
              <p className="text-sm wrap-anywhere">{g.description}</p>
              <div className="card-actions justify-end">
                {g.isMember
                  ? <button type="button" className="btn btn-primary btn-sm" onClick={() => onOpen(g)} aria-label={`Open Chat: ${g.name}`}>Open Chat</button>
                  : (
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => onJoin(g)} disabled={busyId === g._id} aria-label={`Join ${g.name}`}>
                      {busyId === g._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      Join
                    </button>
                  )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
