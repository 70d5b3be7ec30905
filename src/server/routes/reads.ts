/**
 * /api/reads: how far the signed-in person has read each conversation, so all their devices agree
 * on what is new, and the other person of a direct thread sees their messages read (the `receipt`
 * event, docs/decisions/receipts-and-typing.md). Pending professionals are refused, as for every chat route.
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { markRead, positionsOf } from '../messages/reads';
import { tellReceipt } from '../receipts/tell';

export const readRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'reads'), handler: async (request) => positionsOf(db, currentUser(request).id) });

  /** Monotonic: a late or repeated write answers the stored (newer) position and changes nothing. */
  r.route({ ...endpoint(r, 'markRead'), handler: async (request) => {
    const me = currentUser(request);
    const { kind, id } = request.params;
    const { position, moved } = await markRead(db, me.id, kind, id, request.body.seq);
    // The person's other tabs and devices: what was read here is not new there either.
    if (moved) realtime.toUsers([me.id]).emit('readPosition', position);
    // And the other person of a direct thread: their ticks fill (read stays null if either has receipts off).
    if (moved && kind === 'direct') await tellReceipt(db, realtime, id, me.id);
    return position;
  } });
};
