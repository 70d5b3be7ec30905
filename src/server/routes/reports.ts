/**
 * /api/reports: a person reports a message, a person or a group, and reads their own reports
 * (docs/community-safety.md). Signed in and active; each report costs one of the person's hourly budget
 * (limits/person-limits.ts), spent before the target is looked up, so the route cannot be used to
 * probe ids quickly either. The rules of what may be reported: moderation/reports-store.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { fileReport } from '../moderation/reports-store';
import { reportsOf } from '../moderation/reports-view';

export const reportRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, personLimits } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'report'), handler: async (request, reply) => {
    const me = currentUser(request);
    await personLimits.spend('reports', me.id);
    const id = await fileReport(db, me, request.body);
    return reply.status(201).send({ _id: id, message: 'Thank you. Our team will look at this.' });
  } });

  r.route({ ...endpoint(r, 'myReports'), handler: async (request) => reportsOf(db, currentUser(request).id) });
};
