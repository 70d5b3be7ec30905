/**
 * A message after an edit or a reaction, as its changer's answer shows it (reactions as they see
 * them) and as the live event carries it (every reaction: it goes to many devices at once).
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import type { Db } from '../db/client';
import type { directMessages, groupMessages } from '../db/schema';
import type { Changed } from './announce';
import { reactionsOf } from './reactions';
import { toDirectMessage, toGroupMessage } from './serialize';
import { senderOfRow } from './take-back';

export type ChangedRow = { kind: 'direct'; row: typeof directMessages.$inferSelect } | { kind: 'group'; row: typeof groupMessages.$inferSelect };

export interface Presented {
  /** What the person who changed it is answered. */
  answer: DirectMessage | GroupMessage;
  /** What the devices that hold it are told, when it changed; null for a repeat. */
  change: (Changed & { actorId: string }) | null;
}

export async function present(db: Db, changed: ChangedRow, viewerId: string, didChange: boolean): Promise<Presented> {
  const [mine, everyone] = await Promise.all([
    reactionsOf(db, [changed.row.id], viewerId),
    didChange ? reactionsOf(db, [changed.row.id], null) : null,
  ]);
  const id = changed.row.id;
  if (changed.kind === 'direct') {
    const { row } = changed;
    const answer = toDirectMessage(row, viewerId, mine.get(id));
    const change = everyone ? { kind: 'direct' as const, row, message: toDirectMessage(row, null, everyone.get(id)), actorId: viewerId } : null;
    return { answer, change };
  }
  const { row } = changed;
  const sender = await senderOfRow(db, row.senderId);
  const answer = toGroupMessage(row, sender, mine.get(id));
  const change = everyone ? { kind: 'group' as const, row, message: toGroupMessage(row, sender, everyone.get(id)), actorId: viewerId } : null;
  return { answer, change };
}
