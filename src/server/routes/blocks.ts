/**
 * /api/blocks (docs/decisions/blocks.md): block and unblock a person, and list the people I block.
 * The person blocked is never told; the blocker's other devices are, so they hide that person at
 * once.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireActive } from '../auth/guards';
import { shownName } from '../messages/serialize';
import type { AppContext } from '../context';
import { blocks, users } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { findPartner } from '../messages/access';

export const blockRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  const changed = async (me: string, them: string) => {
    realtime.toUsers([me]).emit('safetyChanged', 'blocks');
    await realtime.blocksChanged(them);
  };

  r.route({ ...endpoint(r, 'blocks'), handler: async (request) => {
    const rows = await db.select({ user: users, at: blocks.createdAt }).from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, currentUser(request).id)).orderBy(desc(blocks.createdAt));
    return rows.map(({ user, at }) => ({ _id: user.id, fullName: shownName(user), profilePic: user.profilePic, blockedAt: at.toISOString() }));
  } });

  r.route({ ...endpoint(r, 'block'), handler: async (request) => {
    const me = currentUser(request);
    if (request.params.userId === me.id) throw new AppError('VALIDATION_FAILED', 'You cannot block yourself');
    const them = await findPartner(db, request.params.userId);
    if (!them) throw new AppError('NOT_FOUND', 'User not found');
    // Haven's team must stay reachable: it is who acts on reports and suspensions.
    if (them.role === 'admin') throw new AppError('FORBIDDEN', "You cannot block Haven's team");
    await db.insert(blocks).values({ blockerId: me.id, blockedId: them.id }).onConflictDoNothing();
    await changed(me.id, them.id);
    return { message: `${shownName(them)} is blocked` };
  } });

  r.route({ ...endpoint(r, 'unblock'), handler: async (request) => {
    const me = currentUser(request);
    const removed = await db.delete(blocks)
      .where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, request.params.userId))).returning();
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'You have not blocked this person');
    await changed(me.id, request.params.userId);
    return { message: 'Unblocked' };
  } });
};
