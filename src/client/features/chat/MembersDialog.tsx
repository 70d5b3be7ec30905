/** A group's members, as fellow members see them: chosen names, roles for professionals, Haven team for admins. */
import { useEffect, useState } from 'react';
import type { GroupSummary } from '../../../shared/api';
import type { GroupMemberEntry } from '../../../shared/community';
import { describeFailure } from '../../net/errors';
import { Modal } from '../../ui/Modal';
import { InlineSpinner } from '../../ui/Spinner';
import { groupMembers } from '../safety/actions';
import { Avatar } from './Avatar';
import { memberBadge } from './format';

type State = { members: GroupMemberEntry[] } | { error: string } | null;

export function MembersDialog({ group, me, onClose }: { group: Pick<GroupSummary, '_id' | 'name'>; me: string; onClose: () => void }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    let live = true;
    groupMembers(group._id).then(
      (members) => live && setState({ members }),
      async (error: unknown) => {
        const { message } = await describeFailure(error);
        if (live) setState({ error: message });
      },
    );
    return () => {
      live = false;
    };
  }, [group._id]);

  let body;
  if (state === null) body = <InlineSpinner label="Loading members" />;
  else if ('error' in state) body = <p role="alert" className="py-3">We could not load the members just now. {state.error}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-1 py-3" aria-label="Members">
        {state.members.map((m) => {
          const badge = memberBadge(m.role);
          return (
            <li key={m._id} className="flex items-center gap-3 py-1" data-testid="member">
              <Avatar name={m.fullName} src={m.profilePic} />
              <span className="min-w-0 flex-1 truncate">{m.fullName}{m._id === me && ' (you)'}</span>
              {badge && <span className="badge badge-outline badge-sm shrink-0" data-testid="member-role">{badge}</span>}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Modal open title={`Members of ${group.name}`} onClose={onClose}>
      {body}
    </Modal>
  );
}
