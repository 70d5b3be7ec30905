/**
 * GET /api/messages/search: message text in the conversations the caller may read
 * (docs/decisions/message-search.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { groupOfMember, threadPartner } from '../messages/access';
import { searchLimit } from '../search/limit';
import { searchMessages, type SearchScope } from '../search/messages';

export const searchRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { database: { db }, limiters } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...endpoint(r, 'searchMessages'), onRequest: [requireActive, searchLimit(limiters)], handler: async (request) => {
    const me = currentUser(request);
    const { q, kind, id, before } = request.query;
    // One conversation answers as opening it would: an unknown person 404, a group not joined 403.
    let scope: SearchScope = { kind: 'all' };
    if (kind === 'direct' && id) scope = { kind: 'direct', otherId: (await threadPartner(db, id)).id };
    if (kind === 'group' && id) scope = { kind: 'group', groupId: (await groupOfMember(db, id, me.id, 'read')).id };
    return searchMessages(db, me.id, { q, before, scope });
  } });
};
