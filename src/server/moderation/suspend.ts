/**
 * Suspension (docs/decisions/community-rules.md, Suspension): the account stays, with everything in
 * it, but nobody can use it until an admin lifts it. It holds in three places: sign-in answers
 * SUSPENDED (routes/auth.ts), every session is deleted here and findSession ignores a suspended
 * person's sessions anyway (auth/sessions.ts), and the caller closes their sockets
 * ('accessChanged', after the commit).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import type { AppEvents } from '../events';
import { AppError } from '../http/errors';

/**
 * The person an admin may suspend or unsuspend. Admins never: Haven must always keep someone able
 * to lift a suspension, and an admin's access is set at boot (ADMIN_EMAIL), not here.
 */
export async function suspendable(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  if (row.role === 'admin') throw new AppError('VALIDATION_FAILED', 'Admins cannot be suspended');
  return row;
}

/**
 * Suspends (a conditional UPDATE, so two admins at once suspend once) and deletes every session,
 * in the caller's transaction. Answers whether this call changed anything: a repeat is not an action.
 */
export async function suspend(tx: Db, userId: string): Promise<boolean> {
  const changed = await tx.update(users).set({ suspendedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt))).returning({ id: users.id });
  // Every time, not only on change: a session made by a sign-in racing an earlier suspension goes too.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return changed.length > 0;
}

/** Lifts a suspension; answers whether there was one. The person signs in again: no session survived. */
export async function unsuspend(tx: Db, userId: string): Promise<boolean> {
  const changed = await tx.update(users).set({ suspendedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt))).returning({ id: users.id });
  return changed.length > 0;
}

/** After the commit: every socket of theirs closes now, on every instance, and cannot come back. */
export function closeSockets(events: AppEvents, userId: string): void {
  events.emit('accessChanged', userId);
}
