/**
 * Sharing check-in trends and questionnaire scores with the referring professional
 * (docs/decisions/wellness.md). The person sends a summary the shared schema allows (no words at
 * all), to whoever referred them: the professional is the server's record, never the client's
 * word. Only the switch starts sharing (PUT); a device keeping it up to date may only update a
 * share that exists (PATCH, 404 otherwise), so a late update never brings back what the person
 * withdrew, on this device or another. Withdrawing deletes what was shared. A professional reads only their own clients' shares;
 * anyone else's, or none, is 404.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isVerifiedProfessional } from '../../shared/limits';
import { wellnessSummarySchema } from '../../shared/wellness-share';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { users, wellnessShares } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';

const NOT_SHARED = 'This person does not share their wellness with you.';

export const wellnessShareRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db } } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  const statusOf = (row: { updatedAt: Date } | undefined) => ({ sharing: row !== undefined, updatedAt: row?.updatedAt.toISOString() ?? null });
  const NOT_SHARING = statusOf(undefined);

  r.route({ ...endpoint(r, 'wellnessShare'), handler: async (request) => {
    const [row] = await db.select({ updatedAt: wellnessShares.updatedAt }).from(wellnessShares).where(eq(wellnessShares.userId, currentUser(request).id)).limit(1);
    return statusOf(row);
  } });

  r.route({ ...endpoint(r, 'setWellnessShare'), handler: async (request) => {
    const me = currentUser(request);
    if (!me.referredBy) throw new AppError('CONFLICT', 'No professional referred you to Haven, so there is no one to share with.');
    const values = { userId: me.id, professionalId: me.referredBy, summary: request.body, updatedAt: new Date() };
    const [row] = await db.insert(wellnessShares).values(values)
      .onConflictDoUpdate({ target: wellnessShares.userId, set: { professionalId: values.professionalId, summary: values.summary, updatedAt: values.updatedAt } })
      .returning({ updatedAt: wellnessShares.updatedAt });
    return statusOf(row);
  } });

  r.route({ ...endpoint(r, 'updateWellnessShare'), handler: async (request) => {
    const me = currentUser(request);
    const [row] = await db.update(wellnessShares).set({ summary: request.body, updatedAt: new Date() })
      .where(eq(wellnessShares.userId, me.id)).returning({ updatedAt: wellnessShares.updatedAt });
    if (!row) throw new AppError('NOT_FOUND', 'You are not sharing your wellness at the moment.');
    return statusOf(row);
  } });

  r.route({ ...endpoint(r, 'withdrawWellnessShare'), handler: async (request) => {
    const me = currentUser(request);
    await db.delete(wellnessShares).where(eq(wellnessShares.userId, me.id));
    return NOT_SHARING;
  } });

  r.route({ ...endpoint(r, 'clientWellness'), handler: async (request) => {
    const me = currentUser(request);
    if (!isVerifiedProfessional(me)) throw new AppError('FORBIDDEN', 'Only professionals see what their clients share.');
    // Shared with this professional, by someone they still refer: both must hold.
    const [row] = await db.select({ summary: wellnessShares.summary, updatedAt: wellnessShares.updatedAt }).from(wellnessShares)
      .innerJoin(users, eq(users.id, wellnessShares.userId))
      .where(and(eq(wellnessShares.userId, request.params.id), eq(wellnessShares.professionalId, me.id), eq(users.referredBy, me.id))).limit(1);
    if (!row) throw new AppError('NOT_FOUND', NOT_SHARED);
    // Stored as the schema allowed; read through it again so the answer is what the contract says.
    return { summary: wellnessSummarySchema.parse(row.summary), updatedAt: row.updatedAt.toISOString() };
  } });
};
