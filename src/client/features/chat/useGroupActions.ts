import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary } from '../../../shared/api';
import { isId } from '../../../shared/ids';
import { useEngine } from '../../sync/current';
import { joinGroup } from './groups';
import { classify } from '../../net/errors';

/**
 * Joining groups from the list, and the spec's ?group={groupId}: open that group, joining first
 * if needed, then replace the URL with /chat (so a reload or Back does not join again).
 */
export function useGroupActions(groupParam: string | undefined, open: (groupId: string) => void) {
  const engine = useEngine();
  const navigate = useNavigate();
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  async function join(group: Pick<GroupSummary, '_id'>): Promise<GroupSummary | null> {
    if (!engine) return null;
    setJoiningId(group._id);
    try {
      const joined = await joinGroup(engine.db, group._id);
      toast.success(`Joined ${joined.name}`);
      return joined;
    } catch {
      toast.error('Failed to join group');
      return null;
    } finally {
      setJoiningId(null);
    }
  }

  async function openByParam(groupId: string) {
    if (!engine) return;
    try {
      if (!isId(groupId)) {
        toast.error('Invalid group selected');
        return;
      }
      const stored = await engine.db.groups.get(groupId);
      const group = stored?.isMember ? stored : await join({ _id: groupId });
      if (group) open(group._id);
    } catch (error) {
      // The server answered and refused: the join failed. No answer, or a local failure: the opening did.
      toast.error(classify(error).status !== null ? 'Failed to join group' : 'Failed to open group chat');
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

  return { joiningId, join };
}
