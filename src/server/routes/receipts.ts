/**
 * /api/receipts: delivery and read receipts of direct messages, and the person's read-receipts
 * setting (docs/decisions/receipts-and-typing.md). Pending professionals are refused, as for every
 * chat route. A sender is told live (the `receipt` event) whenever a position about them moves.
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { markDelivered, receiptsFor, setReadReceipts } from '../receipts/store';
import { tellReceipt, tellSettingChanged } from '../receipts/tell';
import { toAuthUser } from '../users/serialize';

export const receiptRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'receipts'), handler: async (request) => receiptsFor(db, currentUser(request).id) });

  /** All or nothing: a position that no message backs refuses the request and stores none. */
  r.route({ ...endpoint(r, 'markDelivered'), handler: async (request) => {
    const me = currentUser(request);
    const moved = await markDelivered(db, me.id, request.body.positions);
    for (const senderId of moved) await tellReceipt(db, realtime, senderId, me.id);
    return { message: 'Delivered' };
  } });

  /** WhatsApp's rule: off hides this person's reads from others and others' reads from them; delivered ticks stay. */
  r.route({ ...endpoint(r, 'setReadReceipts'), handler: async (request) => {
    const me = currentUser(request);
    const row = await setReadReceipts(db, me.id, request.body.on);
    if (row.readReceipts !== me.readReceipts) await tellSettingChanged(db, realtime, me.id);
    return toAuthUser(row);
  } });
};
