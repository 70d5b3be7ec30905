/**
 * Server-side sessions. The cookie holds a random token; the table holds only its SHA-256, so
 * reading the database does not let anyone sign in. A session ends at its absolute expiry, after
 * an idle time (SESSION_IDLE_DAYS), at logout, or when its person ends it from another device.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { sessions, users, type UserRow } from '../db/schema';
import { browserLabel } from './browser-label';

export const SESSION_COOKIE = 'haven_session';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The default of SESSION_IDLE_DAYS (src/server/config.ts), for callers not handed the config. */
export const DEFAULT_IDLE_DAYS = 14;
/** lastSeenAt moves at most this often: a write per session every few minutes, not per request. */
export const TOUCH_EVERY_MS = 5 * 60_000;

/** A session's id: the SHA-256 of its cookie token, the only form the database and the logs ever see. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');
const digest = sessionIdOf;

/** What a request knows of its own session: `id` stays on the server, `publicId` is what lists show. */
export interface SessionInfo {
  id: string;
  publicId: string;
  userId: string;
  lastSeenAt: Date;
  browser: string | null;
}

/**
 * A new session for a person whose password was just checked against `passwordHash`, or null when
 * that is no longer their password (changed or reset meanwhile) or they are gone. The person's row
 * is locked for the insert, so a sign-in that raced a reset cannot outlive it: either the reset
 * comes first and this refuses, or this comes first and the reset ends the new session too.
 */
export async function createSession(
  db: Db, user: { id: string; passwordHash: string }, days: number, userAgent?: string,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  // Without a User-Agent here, the first request the session makes fills the label in (touchSession).
  const browser = userAgent === undefined ? null : browserLabel(userAgent);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).for('update');
    if (!row || row.passwordHash !== user.passwordHash) return null;
    await tx.insert(sessions).values({ id: digest(token), userId: user.id, expiresAt, browser });
    return { token, expiresAt };
  });
}

/** Sessions before their expiry at `now` and used since `idleSince`: values, or a prepared statement's placeholders. */
export function aliveAt(now: Date | Placeholder, idleSince: Date | Placeholder): SQL {
  return and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince))!;
}

/** Sessions still alive: before their expiry and used within the idle time. */
export function alive(idleDays: number): SQL {
  return aliveAt(new Date(), new Date(Date.now() - idleDays * DAY_MS));
}

/** `now` and `idleSince` for a prepared statement built with aliveAt's placeholders. */
export function aliveNow(idleDays: number): { now: string; idleSince: string } {
  const now = Date.now();
  return { now: new Date(now).toISOString(), idleSince: new Date(now - idleDays * DAY_MS).toISOString() };
}

/** Every request and socket connection asks it (db/prepared.ts). */
const sessionLookup = preparedFor((db) => db
  .select({
    user: users,
    session: { id: sessions.id, publicId: sessions.publicId, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, browser: sessions.browser },
  })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(and(eq(sessions.id, sql.placeholder('id')), aliveAt(sql.placeholder('now'), sql.placeholder('idleSince')), isNull(users.suspendedAt)))
  .limit(1)
  .prepare('haven_find_session'));

/**
 * The session behind a cookie token and its person, or null when unknown, expired, idle too long,
 * its user is gone or suspended. Suspending deletes the sessions too; this is the second lock, so a
 * session made in a race with the suspension (a sign-in already past its checks) still signs nobody in.
 */
export async function findSession(db: Db, token: string, idleDays = DEFAULT_IDLE_DAYS): Promise<{ user: UserRow; session: SessionInfo } | null> {
  if (!token || token.length > 100) return null;
  const rows = await sessionLookup(db).execute({ id: digest(token), ...aliveNow(idleDays) });
  return rows[0] ?? null;
}

/** The user behind a cookie token, or null when it is unknown, expired, idle too long or its user is gone or suspended. */
export async function findSessionUser(db: Db, token: string, idleDays = DEFAULT_IDLE_DAYS): Promise<UserRow | null> {
  return (await findSession(db, token, idleDays))?.user ?? null;
}

/** Marks the session as used, at most every TOUCH_EVERY_MS, and labels its browser if nobody did at sign-in. */
export async function touchSession(db: Db, session: SessionInfo, userAgent: string | undefined): Promise<void> {
  const stale = Date.now() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS;
  if (!stale && session.browser !== null) return;
  const browser = session.browser ?? browserLabel(userAgent);
  await db.update(sessions).set({ lastSeenAt: new Date(), browser }).where(eq(sessions.id, session.id));
}

/** A person's live sessions, most recently used first. */
export async function listSessions(db: Db, userId: string, idleDays = DEFAULT_IDLE_DAYS) {
  return db.select().from(sessions)
    .where(and(eq(sessions.userId, userId), alive(idleDays)))
    .orderBy(desc(sessions.lastSeenAt));
}

/**
 * Ends sessions of one person and answers their ids, so the caller can close their sockets
 * ('sessionEnded'). `except` keeps one (the device asking); `publicId` ends only that one.
 */
export async function endSessions(db: Db, userId: string, which: { except?: string; publicId?: string } = {}): Promise<string[]> {
  const rows = await db.delete(sessions).where(and(
    eq(sessions.userId, userId),
    which.except === undefined ? undefined : ne(sessions.id, which.except),
    which.publicId === undefined ? undefined : eq(sessions.publicId, which.publicId),
  )).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

/** At boot: sessions past their expiry or idle for longer than allowed. */
export async function deleteExpiredSessions(db: Db, idleDays = DEFAULT_IDLE_DAYS): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - idleDays * DAY_MS))));
}
