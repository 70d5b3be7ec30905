import type { PublicUser } from '../../../shared/api';
import type { ConversationSummary } from '../../sync/unread';
import { MutedMark } from '../safety/icons';
import { useMutedConversations } from '../safety/hooks';
import { Avatar } from './Avatar';
import { byActivity, roleLabel } from './format';
import { ListLoading } from './ListLoading';
import { RowPreview, RowTime, UnreadBadge } from './Unread';
import { directKey } from '../../../shared/conversation';

interface Props {
  people: PublicUser[] | undefined;
  online: readonly string[];
  selectedId: string | null;
  onSelect: (person: PublicUser) => void;
  emptyText: string;
  label: string;
  /** Each conversation's unread count and newest message (undefined while they are read). */
  summaries: Map<string, ConversationSummary> | undefined;
  me: string;
  /** People with a crisis alert not yet seen (a professional's clients: docs/decisions/crisis-alerts.md). */
  flagged?: ReadonlySet<string>;
}

/**
 * The people of a sidebar, latest conversation first: name, the newest message's time and one line
 * of it, the unread count, a role label for non-user roles, and the online dot.
 */
export function PeopleList({ people, online, selectedId, onSelect, emptyText, label, summaries, me, flagged }: Props) {
  const muted = useMutedConversations();
  if (people === undefined) return <ListLoading label="Loading people" offlineText="This list will appear once you are online." />;
  if (people.length === 0) return <p className="p-3 text-sm">{emptyText}</p>;
  const on = new Set(online);
  // A stranger's waiting messages are under Message requests, not previewed or ranked here (docs/decisions/message-requests.md).
  const summaryOf = (p: PublicUser) => {
    const summary = summaries?.get(directKey(p._id));
    return summary?.request ? undefined : summary;
  };
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {byActivity(people, (p) => summaryOf(p)?.last).map((p) => {
        const role = roleLabel(p);
        const isOnline = on.has(p._id);
        const summary = summaryOf(p);
        const presence = isOnline ? 'Online' : 'Offline';
        return (
          <li key={p._id}>
            <button type="button" onClick={() => onSelect(p)} aria-current={selectedId === p._id ? 'true' : undefined}
              data-testid="person" className={`flex w-full items-center gap-3 rounded-box p-2 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${selectedId === p._id ? 'bg-base-300' : ''}`}>
              <Avatar name={p.fullName} src={p.profilePic} online={isOnline} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{p.fullName}</span>
                  {muted.has(directKey(p._id)) && <MutedMark className="size-3.5" />}
                  <RowTime summary={summary} />
                </span>
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1">
                    <RowPreview summary={summary} me={me} showSender={false} fallback={presence} />
                    {/* The dot is not enough on its own: with a preview in its place, presence is still said. */}
                    {summary && <span className="sr-only">{presence}</span>}
                  </span>
                  {flagged?.has(p._id) && <span className="badge badge-warning badge-sm shrink-0" data-testid="needs-support">May need support</span>}
                  {role && <span className="badge badge-outline badge-sm shrink-0" data-testid="role-label">{role}</span>}
                  <UnreadBadge count={summary?.unread ?? 0} className="shrink-0" />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
