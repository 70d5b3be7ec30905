/**
 * The writer's previous few messages in the same place, for judging a message in its context
 * (src/shared/safety/window.ts): one indexed read of at most PREVIOUS_MESSAGES rows.
 */
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { PREVIOUS_MESSAGES, recentTexts } from '../../shared/safety';
import type { Db } from '../db/client';
import { directMessages, groupMessages } from '../db/schema';

export type Place = { kind: 'direct'; receiverId: string } | { kind: 'group'; groupId: string };

/** Texts the sender wrote in `place` before the message `seq`, inside the window before `at`, oldest first. */
export async function previousTexts(db: Db, senderId: string, place: Place, seq: number, at: Date): Promise<string[]> {
  const rows = place.kind === 'direct'
    ? await db.select({ text: directMessages.text, at: directMessages.createdAt }).from(directMessages)
      .where(and(eq(directMessages.senderId, senderId), eq(directMessages.receiverId, place.receiverId),
        lt(directMessages.seq, seq), isNull(directMessages.deletedAt)))
      .orderBy(desc(directMessages.seq)).limit(PREVIOUS_MESSAGES)
    : await db.select({ text: groupMessages.text, at: groupMessages.createdAt }).from(groupMessages)
      .where(and(eq(groupMessages.groupId, place.groupId), eq(groupMessages.senderId, senderId),
        lt(groupMessages.seq, seq), isNull(groupMessages.deletedAt)))
      .orderBy(desc(groupMessages.seq)).limit(PREVIOUS_MESSAGES);
  return recentTexts(rows, at);
}
