import type { GroupSummary } from '../../../shared/api';
import type { ConversationSummary } from '../../sync/unread';
import { memberCount } from '../../ui/labels';
import { MutedMark } from '../safety/icons';
import { useMutedConversations } from '../safety/hooks';
import { byActivity } from './format';
import { GroupIcon } from './GroupIcon';
import { ListLoading } from './ListLoading';
import { RowPreview, RowTime, UnreadBadge } from './Unread';
import { groupKey } from '../../../shared/conversation';

interface Props {
  groups: GroupSummary[] | undefined;
  selectedId: string | null;
  busyId: string | null;
  onOpen: (group: GroupSummary) => void;
  onJoin: (group: GroupSummary) => void;
  emptyText: string;
  summaries: Map<string, ConversationSummary> | undefined;
  me: string;
}

/**
 * The sidebar's Groups tab, latest activity first: a member opens the chat, anyone else joins
 * first. A member's row shows the newest message and the unread count. On a phone this is the
 * one list of groups while the tab is open.
 */
export function GroupList({ groups, selectedId, busyId, onOpen, onJoin, emptyText, summaries, me }: Props) {
  // The mark tells the groups panel beside it that the groups are listed here (GroupsPanel.tsx).
  return <div data-groups-list=""><Rows {...{ groups, selectedId, busyId, onOpen, onJoin, emptyText, summaries, me }} /></div>;
}

function Rows({ groups, selectedId, busyId, onOpen, onJoin, emptyText, summaries, me }: Props) {
  const muted = useMutedConversations();
  if (groups === undefined) return <ListLoading label="Loading groups" offlineText="The support groups will appear once you are online." />;
  if (groups.length === 0) return <p className="p-3 text-sm">{emptyText}</p>;
  // Only a member's device holds a group's messages; a group left behind shows none.
  const summaryOf = (g: GroupSummary) => (g.isMember ? summaries?.get(groupKey(g._id)) : undefined);
  return (
    <ul className="flex flex-col gap-1" aria-label="Groups">
      {byActivity(groups, (g) => summaryOf(g)?.last).map((g) => {
        const summary = summaryOf(g);
        return (
          <li key={g._id}>
            <button type="button" data-testid="group-item" disabled={busyId === g._id}
              onClick={() => (g.isMember ? onOpen(g) : onJoin(g))} aria-current={selectedId === g._id ? 'true' : undefined}
              className={`flex w-full items-center gap-3 rounded-box p-2 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${selectedId === g._id ? 'bg-base-300' : ''}`}>
              <GroupIcon type={g.type} className="size-7 shrink-0 text-primary" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{g.name}</span>
                  {g.isMember && muted.has(groupKey(g._id)) && <MutedMark className="size-3.5" />}
                  <RowTime summary={summary} />
                </span>
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1"><RowPreview summary={summary} me={me} showSender fallback={memberCount(g.memberCount)} /></span>
                  <UnreadBadge count={summary?.unread ?? 0} className="shrink-0" />
                  <span className={`badge badge-sm shrink-0 ${g.isMember ? 'badge-ghost' : 'badge-primary'}`}>{g.isMember ? 'Open Chat' : 'Join'}</span>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
