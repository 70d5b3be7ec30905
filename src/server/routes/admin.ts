/** /api/admin: verification, the people list, the statistics, password reset codes and deletion. Admins only. */
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminStats } from '../../shared/api';
import { isProfessional } from '../../shared/limits';
import { currentUser, requireAdmin } from '../auth/guards';
import { issueReferralCode } from '../auth/referral-codes';
import { issueResetCode } from '../auth/reset-codes';
import { resetCodeLetter, verificationLetter } from '../mail/letters';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { deleteAccount } from '../users/delete-account';
import { toAdminUser } from '../users/serialize';
import { listedToAdmin, pendingProfessional } from '../users/standing';

async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

/** The rows where `condition` holds; typed conditions, so a misspelt role or status does not compile. */
const countWhere = (condition: SQL) => count(sql`case when ${condition} then 1 end`);

/** Statistics over every account but the admins', as the role filter offers. */
async function stats(db: Db): Promise<AdminStats> {
  const [row] = await db.select({
    total: count(),
    users: countWhere(eq(users.role, 'user')),
    therapists: countWhere(eq(users.role, 'therapist')),
    ngos: countWhere(eq(users.role, 'ngo')),
    volunteers: countWhere(eq(users.role, 'volunteer')),
    verified: countWhere(eq(users.status, 'verified')),
    pending: countWhere(eq(users.status, 'pending')),
  }).from(users).where(listedToAdmin());
  return row!;
}

export const adminRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, store, push, mailer } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireAdmin);

  r.route({ ...endpoint(r, 'pendingUsers'), handler: async () => {
    const rows = await db.select().from(users)
      .where(pendingProfessional())
      .orderBy(asc(users.createdAt));
    return rows.map(toAdminUser);
  } });

  /** The array of people (the spec's client counts its statistics from it); `?role=` filters. */
  r.route({ ...endpoint(r, 'allUsers'), handler: async (request) => {
    const { role } = request.query;
    const where = role === 'all' ? listedToAdmin() : eq(users.role, role);
    const rows = await db.select().from(users).where(where).orderBy(desc(users.createdAt));
    return rows.map(toAdminUser);
  } });

  /** The seven statistics of spec section 2, counted by the database whatever the list's filter. */
  r.route({ ...endpoint(r, 'adminStats'), handler: async () => stats(db) });

  r.route({ ...endpoint(r, 'verifyUser'), handler: async (request) => {
    const target = await findUser(db, request.params.id);
    if (!isProfessional(target.role)) throw new AppError('CONFLICT', 'Only professional accounts are verified');
    const referralCode = target.referralCode ?? await issueReferralCode(db, target.id);
    const [updated] = await db.update(users)
      .set({ status: 'verified', verificationRequest: false, rejectionReason: null })
      .where(eq(users.id, target.id)).returning();
    app.events.emit('accessChanged', target.id);
    push.notifier.account(target.id, 'verification', '/dashboard');
    mailer.send(target.email, verificationLetter(target.fullName, { verified: true }));
    return { message: 'User verified successfully', referralCode, user: toAdminUser(updated!) };
  } });

  r.route({ ...endpoint(r, 'rejectUser'), handler: async (request) => {
    const target = await findUser(db, request.params.id);
    if (!isProfessional(target.role)) throw new AppError('CONFLICT', 'Only professional accounts are verified');
    if (target.status !== 'pending') throw new AppError('CONFLICT', 'Only pending accounts can be rejected');
    // verificationRequest goes back to false so the person may ask again from /profile.
    const [updated] = await db.update(users)
      .set({ status: 'rejected', verificationRequest: false, rejectionReason: request.body?.reason || null })
      .where(eq(users.id, target.id)).returning();
    app.events.emit('accessChanged', target.id);
    push.notifier.account(target.id, 'verification', '/profile');
    mailer.send(target.email, verificationLetter(target.fullName, { verified: false, reason: updated!.rejectionReason }));
    return { message: 'User rejected', user: toAdminUser(updated!) };
  } });

  r.route({ ...endpoint(r, 'deleteUser'), handler: async (request) => {
    const target = await findUser(db, request.params.id);
    if (target.role === 'admin') throw new AppError('FORBIDDEN', 'Admin accounts cannot be deleted');
    await deleteAccount(db, store, app.events, target.id);
    return { message: 'User deleted successfully' };
  } });

  /** A one-time code to hand over in person or by phone, and by e-mail when Haven sends it; a new one replaces the last. */
  r.route({ ...endpoint(r, 'createResetCode'), handler: async (request) => {
    const target = await findUser(db, request.params.id);
    // An admin's password comes from ADMIN_PASSWORD at boot; a code would be a way around that.
    if (target.role === 'admin') throw new AppError('FORBIDDEN', 'An admin password is set with ADMIN_PASSWORD when the server starts');
    const { resetCode, expiresAt } = await issueResetCode(db, target.id, currentUser(request).id);
    mailer.send(target.email, resetCodeLetter(target.fullName, resetCode));
    return { resetCode, expiresAt: expiresAt.toISOString(), emailed: mailer.enabled };
  } });
};
