/**
 * "Let my professional know" (docs/crisis-detection.md): the person's opt-in
 * (PUT /api/me/crisis-alerts) and the professional's alerts (GET /api/safety/alerts,
 * POST /api/safety/alerts/:id/seen). Alerts are made by src/server/crisis/alerts.ts when a message
 * reaches a crisis tier; they never carry words.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isVerifiedProfessional } from '../../shared/limits';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { listAlerts, markSeen } from '../crisis/alerts';
import { users } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { toAuthUser } from '../users/serialize';

export const crisisAlertRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db } } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'setCrisisAlerts'), handler: async (request) => {
    const me = currentUser(request);
    if (request.body.enabled && !me.referredBy) {
      throw new AppError('CONFLICT', 'No professional referred you to Haven, so there is no one to let know.');
    }
    const [row] = await db.update(users).set({ crisisAlerts: request.body.enabled }).where(eq(users.id, me.id)).returning();
    return toAuthUser(row!);
  } });

  const professional = (request: Parameters<typeof currentUser>[0]) => {
    const me = currentUser(request);
    if (!isVerifiedProfessional(me)) throw new AppError('FORBIDDEN', 'Only professionals receive crisis alerts.');
    return me;
  };

  r.route({ ...endpoint(r, 'crisisAlerts'), handler: async (request) => ({ alerts: await listAlerts(db, professional(request).id) }) });

  r.route({ ...endpoint(r, 'seeCrisisAlert'), handler: async (request) => {
    if (!await markSeen(db, professional(request).id, request.params.id)) throw new AppError('NOT_FOUND', 'We could not find that alert.');
    return { message: 'Marked as seen' };
  } });
};
