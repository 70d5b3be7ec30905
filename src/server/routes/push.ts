/**
 * /api/push (docs/decisions/notifications.md): the server's public key, this browser's
 * subscription (bound to the session that made it), the person's notification settings and a test
 * push. Only endpoints on known push services (or PUSH_ENDPOINT_ALLOW) are kept.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { newId } from '../../shared/ids';
import { currentSession, currentUser, requireUser } from '../auth/guards';
import type { AppContext } from '../context';
import { pushSubscriptions } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { endpointAllowed } from '../push/endpoints';
import { readPushSettings, writePushSettings } from '../push/settings';

export const pushRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, push, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A professional waiting for verification is told the decision this way too.
  r.addHook('onRequest', requireUser);

  r.route({ ...endpoint(r, 'pushKey'), handler: async () => ({ publicKey: push.publicKey }) });

  r.route({ ...endpoint(r, 'emailNotices'), handler: async () => ({ enabled: ctx.mailer.enabled }) });

  r.route({ ...endpoint(r, 'pushSubscribe'), handler: async (request, reply) => {
    const me = currentUser(request);
    const session = currentSession(request);
    const { endpoint: url, keys } = request.body;
    if (!endpointAllowed(url, config.PUSH_ENDPOINT_ALLOW)) {
      throw new AppError('VALIDATION_FAILED', 'This push service is not supported', { fields: { endpoint: 'endpoint must be on a known push service' } });
    }
    // The same browser subscribing again, as whoever is signed in now, takes its row over.
    await db.insert(pushSubscriptions).values({ id: newId(), userId: me.id, sessionId: session.id, endpoint: url, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: me.id, sessionId: session.id, p256dh: keys.p256dh, auth: keys.auth } });
    return reply.status(201).send({ message: 'Subscribed' });
  } });

  r.route({ ...endpoint(r, 'pushUnsubscribe'), handler: async (request) => {
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, currentUser(request).id)));
    return { message: 'Unsubscribed' };
  } });

  r.route({ ...endpoint(r, 'pushSettings'), handler: async (request) => readPushSettings(db, currentUser(request).id) });

  r.route({ ...endpoint(r, 'setPushSettings'), handler: async (request) => {
    const me = currentUser(request);
    await writePushSettings(db, me.id, request.body);
    return readPushSettings(db, me.id);
  } });

  r.route({ ...endpoint(r, 'pushTest'), handler: async (request) => {
    const sent = await push.notifier.test(currentSession(request).id);
    if (sent === 0) throw new AppError('NOT_FOUND', 'Notifications are not turned on on this device');
    return { message: 'Test notification sent' };
  } });
};
