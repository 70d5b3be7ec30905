/** A message's "⋯" menu: delete one's own for everyone; report or block whoever wrote someone else's. */
import type { LocalMessage } from '../../db/database';
import { ActionsMenu, type MenuAction } from '../safety/ActionsMenu';
import { canBlock, useSafetyActions, type SafetyActions } from '../safety/ConversationSafety';
import { IconDots } from '../safety/icons';

function actionsFor(m: LocalMessage, mine: boolean, safety: SafetyActions): MenuAction[] {
  if (m.deletedAt) return [];
  // Only a message the server holds can be taken back; one still on its way has Retry and Delete when it fails.
  if (mine) return m.status === 'sent' && m._id ? [{ label: 'Delete for everyone', onSelect: () => safety.askDelete(m), danger: true }] : [];
  const author = m.kind === 'group' ? m.sender : safety.person;
  if (!m._id || !author) return [];
  const name = author.fullName || 'Someone';
  const person = { _id: m.senderId, fullName: name, profilePic: author.profilePic };
  const blockable = canBlock(safety, m.senderId);
  const messageId = m._id;
  return [
    { label: 'Report', onSelect: () => safety.askReport({ kind: 'message', messageId, name, person: blockable ? person : null }) },
    ...(blockable ? [{ label: `Block ${name}`, onSelect: () => safety.askBlock(person), danger: true }] : []),
  ];
}

export function MessageActions({ message, mine }: { message: LocalMessage; mine: boolean }) {
  const safety = useSafetyActions();
  const actions = safety ? actionsFor(message, mine, safety) : [];
  if (actions.length === 0) return null;
  return (
    // Drawn small; on a phone the app's button rule makes it 44 px, and the negative margin keeps the row from growing by as much.
    <ActionsMenu label="Message actions" groups={[{ actions }]} buttonClassName="btn btn-ghost btn-xs btn-circle max-sm:-my-3">
      <IconDots className="size-4" />
    </ActionsMenu>
  );
}
