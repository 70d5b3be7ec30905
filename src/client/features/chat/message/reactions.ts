/** A message's reactions as the reader sees them (docs/decisions/message-menu.md), and changing one's own. */
import { toast } from 'react-hot-toast';
import { isReaction, REACTIONS, type Reaction } from '../../../../shared/message-rules';
import type { ReactionSummary } from '../../../../shared/api';
import type { LocalMessage } from '../../../db/database';
import { reactTo } from '../../../sync/hooks';

/** The emoji this person has chosen on the message. */
export const reactionsOf = (m: LocalMessage, me: string): ReadonlySet<string> =>
  new Set((m.reactions ?? []).filter((r) => r.userIds.includes(me)).map((r) => r.emoji));

export interface ShownReaction {
  emoji: Reaction;
  userIds: string[];
}

/** The chips to show: Haven's reactions only, nobody the reader blocks, none left empty, in the menu's order. */
export function visibleReactions(reactions: readonly ReactionSummary[] | undefined, blocked: ReadonlySet<string>): ShownReaction[] {
  return (reactions ?? [])
    .flatMap((r) => (isReaction(r.emoji) ? [{ emoji: r.emoji, userIds: [...new Set(r.userIds)].filter((id) => !blocked.has(id)) }] : []))
    .filter((r) => r.userIds.length > 0)
    .sort((a, b) => REACTIONS.indexOf(a.emoji) - REACTIONS.indexOf(b.emoji));
}

/** "Alex", "Alex and you", "Alex, Noor and you": the reader last, as "you". */
export function whoReacted(userIds: readonly string[], me: string, nameOf: (id: string) => string): string {
  const names = userIds.filter((id) => id !== me).map(nameOf);
  if (userIds.includes(me)) names.push('you');
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function toggleReaction(m: LocalMessage, emoji: Reaction, add: boolean): void {
  reactTo(m, emoji, add).catch((error: unknown) => {
    toast.error(error instanceof Error && error.message ? error.message : 'Your reaction could not be saved. Please try again.');
  });
}
