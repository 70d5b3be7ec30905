/**
 * /api/auth and /api/me account controls: password change and reset, the person's sessions, the
 * data export and self-deletion. Every ended session is announced ('sessionEnded') so its sockets
 * close at once, not at their next reconnect.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { UNKNOWN_BROWSER } from '../auth/browser-label';
import { clearSessionCookie } from '../auth/cookie';
import { currentSession, currentUser, requireUser } from '../auth/guards';
import { assertPasswordAllowed } from '../auth/password-policy';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { cancelResetCodes, spendResetCode } from '../auth/reset-codes';
import { endSessions, listSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { deleteAccount } from '../users/delete-account';
import { exportAccount } from '../users/export';
import { toAuthUser } from '../users/serialize';
import { byAddress, byPerson, routeLimit } from '../limits/route-limit';

const WRONG_PASSWORD = 'That password is not correct.';
const WRONG_CURRENT = 'Your current password is not correct.';
// One answer for an unknown email, a wrong code, a spent code and an expired one: it tells nobody which.
const BAD_RESET = 'That email and reset code do not match a valid code. Please check them, or ask an admin for a new code.';

/** A 400 on one field, so the form shows it beside what the person typed (never a 401: that reads as "signed out"). */
const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/**
 * Password checks per person (their session), so someone at an unlocked device cannot try
 * passwords without end; a real person never meets this. Each route counts on its own.
 */
const PER_PERSON = { points: 10, seconds: 15 * 60 };

export const accountRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config, database: { db }, store, limiters } = ctx;
  const perPerson = (name: string) => [requireUser, routeLimit(limiters, { name, ...PER_PERSON }, byPerson)];
  const r = app.withTypeProvider<ZodTypeProvider>();
  const announce = (ids: string[]) => ids.forEach((id) => app.events.emit('sessionEnded', id));

  r.route({ ...endpoint(r, 'changePassword'), onRequest: perPerson('change-password'), handler: async (request) => {
    const user = currentUser(request);
    // ensureAdmin sets this account's password from ADMIN_PASSWORD at every boot: a change here would be undone.
    if (user.role === 'admin' && config.ADMIN_PASSWORD) {
      throw new AppError('FORBIDDEN', "The admin's password is set on the server (ADMIN_PASSWORD). Change it there and restart Haven.");
    }
    const { currentPassword, newPassword } = request.body;
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw fieldError('currentPassword', WRONG_CURRENT);
    assertPasswordAllowed(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    // This device stays signed in; every other one ends with the old password.
    const ended = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await cancelResetCodes(tx, user.id);
      return endSessions(tx, user.id, { except: currentSession(request).id });
    });
    announce(ended);
    return { message: 'Your password has been changed. Any other devices have been signed out.', ended: ended.length };
  } });

  r.route({ ...endpoint(r, 'sessions'), onRequest: requireUser, handler: async (request) => {
    const here = currentSession(request);
    const rows = await listSessions(db, currentUser(request).id, config.SESSION_IDLE_DAYS);
    const list = rows.map((s) => ({
      _id: s.publicId, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(),
      browser: s.browser ?? UNKNOWN_BROWSER, current: s.id === here.id,
    }));
    // This device first: it is the one a person looks for.
    return list.sort((a, b) => Number(b.current) - Number(a.current));
  } });

  r.route({ ...endpoint(r, 'endSession'), onRequest: requireUser, handler: async (request, reply) => {
    // Only among the person's own: anyone else's session is "not found", so ids reveal nothing.
    const ended = await endSessions(db, currentUser(request).id, { publicId: request.params.id });
    if (ended.length === 0) throw new AppError('NOT_FOUND', 'That session has already ended.');
    announce(ended);
    if (ended.includes(currentSession(request).id)) clearSessionCookie(reply, config);
    return { message: 'Signed out on that device.', ended: ended.length };
  } });

  r.route({ ...endpoint(r, 'endOtherSessions'), onRequest: requireUser, handler: async (request) => {
    const ended = await endSessions(db, currentUser(request).id, { except: currentSession(request).id });
    announce(ended);
    return { message: ended.length > 0 ? 'Signed out everywhere else.' : 'You were not signed in anywhere else.', ended: ended.length };
  } });

  r.route({
    ...endpoint(r, 'resetPassword'),
    // Guessing reset codes is guessing referral codes' kind of secret: the same budget per address.
    onRequest: routeLimit(limiters,
      { name: 'reset-password', points: config.RATE_LIMIT_REFERRAL_MAX, seconds: config.RATE_LIMIT_REFERRAL_WINDOW_MINUTES * 60 }, byAddress),
    handler: async (request) => {
      const { email, resetCode, newPassword } = request.body;
      // Before the code is spent: a refused password must not cost the person their code.
      assertPasswordAllowed(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction(async (tx) => {
        const userId = await spendResetCode(tx, email, resetCode);
        if (!userId) return null;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        return endSessions(tx, userId);
      });
      if (!ended) throw fieldError('resetCode', BAD_RESET);
      announce(ended);
      // The person's own failed tries (the reason they needed a code) do not keep them out now:
      // failed-login counts are kept per password (auth/login-throttle.ts), and this is a new one.
      return { message: 'Your password has been reset. Please log in with your new password.' };
    },
  });

  // Limited like the other account controls: a whole account's data, read in one snapshot, is the heaviest answer Haven gives.
  /** The name peers see (docs/decisions/community-rules.md); empty shows the full name again. */
  r.route({ ...endpoint(r, 'setDisplayName'), onRequest: requireUser, handler: async (request) => {
    const shown = request.body.displayName.trim();
    const [row] = await db.update(users).set({ displayName: shown || null }).where(eq(users.id, currentUser(request).id)).returning();
    return toAuthUser(row!);
  } });

  r.route({ ...endpoint(r, 'exportAccount'), onRequest: perPerson('export-account'), handler: async (request, reply) => {
    const data = await exportAccount(db, currentUser(request));
    void reply.header('content-disposition', `attachment; filename="haven-export-${data.exportedAt.slice(0, 10)}.json"`);
    return data;
  } });

  r.route({ ...endpoint(r, 'deleteAccount'), onRequest: perPerson('delete-account'), handler: async (request, reply) => {
    const user = currentUser(request);
    // As in the admin's deletion: an admin account is never deleted, so Haven always keeps one.
    if (user.role === 'admin') throw new AppError('FORBIDDEN', 'Admin accounts cannot be deleted');
    if (!(await verifyPassword(user.passwordHash, request.body.password))) throw fieldError('password', WRONG_PASSWORD);
    await deleteAccount(db, store, app.events, user.id);
    clearSessionCookie(reply, config);
    return { message: 'Your account has been deleted.' };
  } });
};
