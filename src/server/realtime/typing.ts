/**
 * "Alex is typing…" (docs/decisions/receipts-and-typing.md): a device's `typing` event relayed to
 * the other person of a direct conversation or to the group. Nothing is stored. Who types comes
 * from the socket's session, never from the event. A direct event is relayed only where a message
 * would be delivered (the send path's checks, and not to someone who blocks the typist); a group
 * event only from a member, and never to anyone who blocks the typist or whom they block.
 */
import { eq, or } from 'drizzle-orm';
import { typingSchema, type TypingInput } from '../../shared/messaging';
import { groupRoom, userRoom, type Typing } from '../../shared/realtime';
import { isBlocking } from '../community/blocks';
import type { Db } from '../db/client';
import { blocks, users } from '../db/schema';
import { AppError } from '../http/errors';
import { findRecipient, isMember } from '../messages/access';
import { shownName } from '../messages/serialize';
import type { HavenServer, HavenSocket } from './types';

/** At most this many typing events per socket in TYPING_LIMIT_WINDOW_MS; more are ignored (the client sends one every few seconds). */
export const TYPING_LIMIT = 5;
export const TYPING_LIMIT_WINDOW_MS = 3000;

/** A sliding window per socket: the times of the events it let through. */
function limiter(): () => boolean {
  const recent: number[] = [];
  return () => {
    const now = Date.now();
    while (recent.length && now - recent[0]! >= TYPING_LIMIT_WINDOW_MS) recent.shift();
    if (recent.length >= TYPING_LIMIT) return false;
    recent.push(now);
    return true;
  };
}

/** The refusals of the send path mean "do not relay"; anything else is a real failure. */
const refusedOrNull = <T>(work: Promise<T>): Promise<T | null> =>
  work.catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });

async function relayDirect(io: HavenServer, db: Db, userId: string, input: TypingInput): Promise<void> {
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) return;
  const receiver = await refusedOrNull(findRecipient(db, me, input.id));
  // A message to someone who blocks the typist would be withheld from them: so is this.
  if (!receiver || (await isBlocking(db, receiver.id, me.id))) return;
  const typing: Typing = { kind: 'direct', id: me.id, userId: me.id, name: shownName(me), active: input.active };
  io.to(userRoom(receiver.id)).emit('typing', typing);
}

async function relayGroup(io: HavenServer, db: Db, userId: string, input: TypingInput): Promise<void> {
  if (!(await isMember(db, input.id, userId))) return;
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) return;
  const pairs = await db.select({ blocker: blocks.blockerId, blocked: blocks.blockedId }).from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  const apart = pairs.map((p) => userRoom(p.blocker === userId ? p.blocked : p.blocker));
  const typing: Typing = { kind: 'group', id: input.id, userId, name: shownName(me), active: input.active };
  io.to(groupRoom(input.id)).except([userRoom(userId), ...apart]).emit('typing', typing);
}

/** Registered on every connection; a malformed or over-limit event is dropped without a word. */
export function listenForTyping(io: HavenServer, db: Db, socket: HavenSocket, onError: (error: unknown) => void): void {
  const allowed = limiter();
  socket.on('typing', (raw: unknown) => {
    const parsed = typingSchema.safeParse(raw);
    if (!parsed.success || !allowed()) return;
    const relay = parsed.data.kind === 'direct' ? relayDirect : relayGroup;
    void relay(io, db, socket.data.userId, parsed.data).catch(onError);
  });
}
