/**
 * The writer's previous few messages in the same place, for judging a message in its context
 * (src/shared/safety/window.ts): one indexed read of at most PREVIOUS_MESSAGES rows.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { PREVIOUS_MESSAGES, recentTexts } from '../../shared/safety';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { directMessages, groupMessages } from '../db/schema';

export type Place = { kind: 'direct'; receiverId: string } | { kind: 'group'; groupId: string };

const senderId = sql.placeholder('senderId');
const receiverId = sql.placeholder('receiverId');
const groupId = sql.placeholder('groupId');
const before = sql.placeholder('before');

/** Both run after every message (db/prepared.ts). */
const previousDirect = preparedFor((db) => db.select({ text: directMessages.text, at: directMessages.createdAt }).from(directMessages)
  .where(and(eq(directMessages.senderId, senderId), eq(directMessages.receiverId, receiverId),
    lt(directMessages.seq, before), isNull(directMessages.deletedAt)))
  .orderBy(desc(directMessages.seq)).limit(PREVIOUS_MESSAGES)
  .prepare('haven_previous_direct'));
const previousInGroup = preparedFor((db) => db.select({ text: groupMessages.text, at: groupMessages.createdAt }).from(groupMessages)
  .where(and(eq(groupMessages.groupId, groupId), eq(groupMessages.senderId, senderId),
    lt(groupMessages.seq, before), isNull(groupMessages.deletedAt)))
  .orderBy(desc(groupMessages.seq)).limit(PREVIOUS_MESSAGES)
  .prepare('haven_previous_in_group'));

/** Texts the sender wrote in `place` before the message `seq`, inside the window before `at`, oldest first. */
export async function previousTexts(db: Db, sender: string, place: Place, seq: number, at: Date): Promise<string[]> {
  const rows = place.kind === 'direct'
    ? await previousDirect(db).execute({ senderId: sender, receiverId: place.receiverId, before: seq })
    : await previousInGroup(db).execute({ senderId: sender, groupId: place.groupId, before: seq });
  return recentTexts(rows, at);
}
