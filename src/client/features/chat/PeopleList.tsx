import type { PublicUser } from '../../../shared/api';
import { InlineSpinner } from '../../ui/Spinner';
import { Avatar } from './Avatar';
import { roleLabel } from './format';

interface Props {
  people: PublicUser[] | undefined;
  online: readonly string[];
  selectedId: string | null;
  onSelect: (person: PublicUser) => void;
  emptyText: string;
  label: string;
}

/** The people of a sidebar: name, a role label for non-user roles, and the online dot. */
export function PeopleList({ people, online, selectedId, onSelect, emptyText, label }: Props) {
  if (people === undefined) return <InlineSpinner label="Loading people" />;
  if (people.length === 0) return <p className="p-3 text-sm">{emptyText}</p>;
  const on = new Set(online);
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {people.map((p) => {
        const role = roleLabel(p);
        const isOnline = on.has(p._id);
        return (
          <li key={p._id}>
            <button type="button" onClick={() => onSelect(p)} aria-current={selectedId === p._id ? 'true' : undefined}
              data-testid="person" className={`flex w-full items-center gap-3 rounded-box p-2 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${selectedId === p._id ? 'bg-base-300' : ''}`}>
              <Avatar name={p.fullName} src={p.profilePic} online={isOnline} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{p.fullName}</span>
                <span className="block text-xs">{isOnline ? 'Online' : 'Offline'}</span>
              </span>
              {role && <span className="badge badge-outline badge-sm" data-testid="role-label">{role}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
