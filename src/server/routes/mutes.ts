/**
 * /api/mutes (docs/decisions/community-rules.md, Mutes): a muted conversation counts in no unread
 * total and shows no badge until `until` (null: always); it stays readable. The person's other
 * devices are told.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Mute } from '../../shared/community';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { mutes } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { groupOfMember, threadPartner } from '../messages/access';

const toMute = (row: typeof mutes.$inferSelect): Mute => ({ kind: row.kind, id: row.conversationId, until: row.until?.toISOString() ?? null });

export const muteRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'mutes'), handler: async (request) => {
    const rows = await db.select().from(mutes).where(eq(mutes.userId, currentUser(request).id));
    // An ended mute is the same as none; it is dropped from the answer, and from the table on its next change.
    const now = Date.now();
    return rows.filter((m) => m.until === null || m.until.getTime() > now).map(toMute);
  } });

  r.route({ ...endpoint(r, 'mute'), handler: async (request) => {
    const me = currentUser(request);
    const { kind, id } = request.params;
    if (kind === 'group') await groupOfMember(db, id, me.id, 'read');
    else if (id === me.id) throw new AppError('VALIDATION_FAILED', 'You cannot mute yourself');
    else await threadPartner(db, id);
    const until = request.body.until === null ? null : new Date(request.body.until);
    if (until && until.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', 'until must be in the future', { fields: { until: 'until must be in the future' } });
    const [row] = await db.insert(mutes).values({ userId: me.id, kind, conversationId: id, until })
      .onConflictDoUpdate({ target: [mutes.userId, mutes.kind, mutes.conversationId], set: { until } }).returning();
    realtime.toUsers([me.id]).emit('safetyChanged', 'mutes');
    return toMute(row!);
  } });

  r.route({ ...endpoint(r, 'unmute'), handler: async (request) => {
    const me = currentUser(request);
    const { kind, id } = request.params;
    await db.delete(mutes).where(and(eq(mutes.userId, me.id), eq(mutes.kind, kind), eq(mutes.conversationId, id)));
    realtime.toUsers([me.id]).emit('safetyChanged', 'mutes');
    return { message: 'Unmuted' };
  } });
};
