import { useNavigate } from '@tanstack/react-router';
import { createElement, useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary } from '../../../shared/api';
import { isId } from '../../../shared/ids';
import { api } from '../../net/api';
import { useEngine } from '../../sync/current';
import { refreshDirectory } from '../../sync/directory';
import { joinGroup } from './groups';
import { GuidelinesDialog, type JoiningGroup } from './GuidelinesDialog';
import { classify } from '../../net/errors';

/** Who asked to join: a list's Join button (then `onJoined` opens it) or the ?group= link. */
type Asking = { group: JoiningGroup; fromLink: boolean; onJoined?: (joined: GroupSummary) => void };

/**
 * Joining groups from the list, and the spec's ?group={groupId}: open that group, joining first
 * if needed, then replace the URL with /chat (so a reload or Back does not join again). Joining
 * shows the group's guidelines first and happens only once the person agrees (docs/decisions/community-rules.md, Guidelines).
 */
export function useGroupActions(groupParam: string | undefined, open: (groupId: string) => void) {
  const engine = useEngine();
  const navigate = useNavigate();
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const handled = useRef<string | null>(null);

  async function join(group: Pick<GroupSummary, '_id'>, fromLink = false): Promise<GroupSummary | null> {
    if (!engine) return null;
    setJoiningId(group._id);
    try {
      const joined = await joinGroup(engine.db, group._id);
      toast.success(`Joined ${joined.name}`);
      return joined;
    } catch (error) {
      // From a link: the server answered and refused, the join failed; no answer, the opening did.
      toast.error(!fromLink || classify(error).status !== null ? 'Failed to join group' : 'Failed to open group chat');
      return null;
    } finally {
      setJoiningId(null);
    }
  }

  /** The list's Join: the guidelines first. */
  function askToJoin(group: GroupSummary, onJoined?: (joined: GroupSummary) => void) {
    setAsking({ group, fromLink: false, onJoined });
  }

  async function agree() {
    if (!asking) return;
    const { group, fromLink, onJoined } = asking;
    setAsking(null);
    const joined = await join(group, fromLink);
    if (!joined) return;
    if (fromLink) open(joined._id);
    else onJoined?.(joined);
  }

  async function openByParam(groupId: string) {
    if (!engine) return;
    try {
      if (!isId(groupId)) {
        toast.error('Invalid group selected');
        return;
      }
      let stored = await engine.db.groups.get(groupId);
      // A link to a group this device has not listed yet: its guidelines come with the directory.
      if (!stored) stored = await refreshDirectory(engine.db, api).then(() => engine.db.groups.get(groupId), () => undefined);
      if (stored?.isMember) open(stored._id);
      else setAsking({ group: stored ?? { _id: groupId }, fromLink: true });
    } catch {
      toast.error('Failed to open group chat');
    } finally {
      await navigate({ to: '/chat', search: {}, replace: true });
    }
  }

  const onGroupParam = useEffectEvent((groupId: string) => void openByParam(groupId));
  useEffect(() => {
    if (!groupParam || !engine || handled.current === groupParam) return;
    handled.current = groupParam;
    onGroupParam(groupParam);
  }, [groupParam, engine]);

  const guidelines = asking && createElement(GuidelinesDialog, { group: asking.group, onAgree: () => void agree(), onCancel: () => setAsking(null) });
  return { joiningId, askToJoin, guidelines };
}
