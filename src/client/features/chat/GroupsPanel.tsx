import type { GroupSummary } from '../../../shared/api';
import type { ConversationSummary } from '../../sync/unread';
import { GROUP_TYPE_LABEL, memberCount } from '../../ui/labels';
import { MutedMark } from '../safety/icons';
import { useMutedConversations } from '../safety/hooks';
import { GroupIcon } from './GroupIcon';
import { ListError } from './Layout';
import { ListLoading } from './ListLoading';
import { UnreadBadge } from './Unread';
import { groupKey } from '../../../shared/conversation';

interface Props {
  groups: GroupSummary[] | undefined;
  busyId: string | null;
  onJoin: (group: GroupSummary) => void;
  onOpen: (group: GroupSummary) => void;
  /** The groups could not be loaded and none are stored: say so instead of "no groups". */
  failed: boolean;
  summaries: Map<string, ConversationSummary> | undefined;
}

/** Loading, failed, none, or the groups: four different things to say. */
function Status({ groups, failed }: Pick<Props, 'groups' | 'failed'>) {
  if (groups !== undefined) return groups.length === 0 ? <p className="mt-4">There are no support groups yet.</p> : null;
  if (failed) return <div className="mt-4"><ListError text="We could not load the support groups." /></div>;
  return <ListLoading label="Loading groups" offlineText="The support groups will appear once you are online." />;
}

/** The main area with nothing open: every support group with Join or Open Chat (spec section 4). */
export function GroupsPanel({ groups, busyId, onJoin, onOpen, failed, summaries }: Props) {
  const muted = useMutedConversations();
  return (
    // On a phone the sidebar stacks above this panel: while its Groups tab lists the groups, the
    // cards would list them a second time, so they step aside (the rows have Join and Open Chat too).
    <section aria-labelledby="groups-title" className="p-3 sm:p-6 max-md:[main:has([data-groups-list])_&]:hidden" data-testid="groups-panel">
      <h1 id="groups-title" className="text-xl font-bold sm:text-2xl">Community Support Groups</h1>
      <p className="mt-1">Join a group to talk with people who understand, or choose someone to message.</p>
      <Status groups={groups} failed={failed} />
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {groups?.map((g) => (
          <li key={g._id} className="card card-border bg-base-100" data-testid="group-card">
            <div className="card-body gap-2 p-4">
              <div className="flex items-center gap-3">
                <GroupIcon type={g.type} className="size-8 shrink-0 text-primary" />
                <div className="min-w-0 flex-1">
                  <h2 className="card-title text-base wrap-anywhere">{g.name}</h2>
                  <p className="text-xs">{GROUP_TYPE_LABEL[g.type]} · {memberCount(g.memberCount)}</p>
                </div>
                {g.isMember && muted.has(groupKey(g._id)) && <MutedMark />}
                {g.isMember && <UnreadBadge count={summaries?.get(groupKey(g._id))?.unread ?? 0} className="shrink-0" />}
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
