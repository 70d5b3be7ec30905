/**
 * /api/admin moderation (docs/community-safety.md): the report queue with each message's context,
 * resolving a report, suspending and lifting a suspension, and the moderation log. Admins only.
 * Every action writes one row of the log in the transaction that does it (moderation/audit.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireAdmin } from '../auth/guards';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { readLog, recordAction } from '../moderation/audit';
import { describeForAdmin, reportsForAdmin } from '../moderation/reports-view';
import { resolveReport } from '../moderation/resolve';
import { closeSockets, suspend, suspendable, unsuspend } from '../moderation/suspend';

export const moderationRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime, store, push } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireAdmin);

  r.route({ ...endpoint(r, 'adminReports'), handler: async (request) => reportsForAdmin(db, request.query.status) });

  r.route({ ...endpoint(r, 'resolveReport'), handler: async (request) => {
    const { action, note } = request.body;
    const resolved = await resolveReport({ db, realtime, store, events: app.events }, currentUser(request), request.params.id, action, note ?? '');
    const [answer] = await describeForAdmin(db, [resolved]);
    // The reporter hears that their report was looked at (the outcome shows in their Settings).
    if (resolved.reporterId) push.notifier.account(resolved.reporterId, 'report', '/settings');
    return answer!;
  } });

  /**
   * Idempotent: suspending someone suspended (or lifting a suspension that is not there) answers
   * the same and logs nothing, as nothing happened. The sockets close every time, which is harmless.
   */
  r.route({ ...endpoint(r, 'suspendUser'), handler: async (request) => {
    const target = await suspendable(db, request.params.id);
    const note = request.body.note ?? '';
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (await suspend(tx, target.id)) await recordAction(tx, currentUser(request), { action: 'suspend', subjectUserId: target.id, note });
    });
    closeSockets(app.events, target.id);
    return { message: `${target.fullName} is suspended` };
  } });

  r.route({ ...endpoint(r, 'unsuspendUser'), handler: async (request) => {
    const target = await suspendable(db, request.params.id);
    const note = request.body.note ?? '';
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (await unsuspend(tx, target.id)) await recordAction(tx, currentUser(request), { action: 'unsuspend', subjectUserId: target.id, note });
    });
    return { message: `${target.fullName} may sign in again` };
  } });

  r.route({ ...endpoint(r, 'moderationLog'), handler: async () => readLog(db) });
};
