/**
 * /api/messages, the safety side (docs/community-safety.md): message requests and accepting them,
 * taking a message back, a group's member list and leaving a group. Pending professionals are
 * refused.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isVerifiedProfessional } from '../../shared/limits';
import { currentUser, requireActive } from '../auth/guards';
import { accept, waitingRequests } from '../community/requests';
import type { AppContext } from '../context';
import { groupMembers, users } from '../db/schema';
import { recordAction } from '../moderation/audit';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { findPartner, groupOfMember, readsMessage } from '../messages/access';
import { findGroup } from '../messages/groups';
import { shownName } from '../messages/serialize';
import { findMessage, takeBack } from '../messages/take-back';
import { toPublicUser } from '../users/serialize';

export const conversationRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, realtime, store } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);

  r.route({ ...endpoint(r, 'messageRequests'), handler: async (request) => {
    const rows = await waitingRequests(db, currentUser(request).id);
    return rows.map(({ user, count, lastAt }) => {
      const shown = toPublicUser(user);
      return { _id: shown._id, fullName: shownName(user), profilePic: shown.profilePic, role: shown.role, count, lastAt: lastAt.toISOString() };
    });
  } });

  r.route({ ...endpoint(r, 'acceptRequest'), handler: async (request) => {
    const me = currentUser(request);
    if (request.params.userId === me.id) throw new AppError('VALIDATION_FAILED', 'You cannot accept yourself');
    const them = await findPartner(db, request.params.userId);
    if (!them) throw new AppError('NOT_FOUND', 'User not found');
    await accept(db, me.id, them.id);
    realtime.toUsers([me.id]).emit('safetyChanged', 'requests');
    return { message: 'Request accepted' };
  } });

  /** The author deletes for everyone; an admin removes anyone's message as a moderator. */
  r.route({ ...endpoint(r, 'deleteMessage'), handler: async (request) => {
    const me = currentUser(request);
    const found = await findMessage(db, request.params.messageId);
    const mine = found?.row.senderId === me.id;
    // A message one cannot read (withheld by a block, another's thread) answers as none.
    if (!found || !(mine || me.role === 'admin' || await readsMessage(db, me.id, found))) throw new AppError('NOT_FOUND', 'Message not found');
    if (!mine && me.role !== 'admin') throw new AppError('FORBIDDEN', 'You can only delete your own messages');
    const { changed } = await takeBack(db, realtime, store, found, mine ? 'sender' : 'moderator');
    // Only a removal that happened is a moderator's action to keep.
    if (!mine && changed) {
      await recordAction(db, me, {
        action: 'remove-message', subjectUserId: found.row.senderId, messageId: found.row.id,
        groupId: found.kind === 'group' ? found.row.groupId : null,
      });
    }
    return { message: mine ? 'Message deleted' : 'Message removed' };
  } });

  /** Fellow members only: who belongs to a mental-health group is private. */
  r.route({ ...endpoint(r, 'groupMembers'), handler: async (request) => {
    const me = currentUser(request);
    const group = await groupOfMember(db, request.params.groupId, me.id, 'read');
    const rows = await db.select({ user: users }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, group.id)).orderBy(asc(groupMembers.joinedAt));
    return rows.map(({ user }) => {
      const shown = toPublicUser(user);
      const labelled = shown.role === 'admin' || isVerifiedProfessional(shown);
      return { _id: user.id, fullName: shownName(user), profilePic: user.profilePic, role: labelled ? shown.role : null };
    });
  } });

  /** Idempotent: leaving a group one is not in answers the same. Every device and instance stops receiving it at once. */
  r.route({ ...endpoint(r, 'leaveGroup'), handler: async (request) => {
    const me = currentUser(request);
    const group = await findGroup(db, request.params.groupId);
    await db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, me.id)));
    realtime.leaveGroup(me.id, group.id);
    realtime.toUsers([me.id]).emit('safetyChanged', 'groups');
    return { message: `You left ${group.name}` };
  } });
};

