/**
 * Server-side sessions. The cookie holds a random token; the table holds only its SHA-256, so
 * reading the database does not let anyone sign in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';

export const SESSION_COOKIE = 'haven_session';
const DAY_MS = 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string, days: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user behind a cookie token, or null when it is unknown, expired or its user is gone. */
export async function findSessionUser(db: Db, token: string): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
