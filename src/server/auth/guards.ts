/**
 * Who is asking: the session cookie is read once per request into `request.user`. Guards run as onRequest
 * hooks, before the body is parsed or validated; identity never comes from the body, the query or a header the client controls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPendingProfessional } from '../../shared/limits';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { findSessionUser, SESSION_COOKIE } from './sessions';
import { API_PATH, UPLOADS_PATH } from '../../shared/paths';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export function registerSessionLookup(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // Static assets need no identity; skip the lookup for them.
    if (!request.url.startsWith(API_PATH) && !request.url.startsWith(UPLOADS_PATH)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(db, token);
  });
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Unauthorized - please log in');
  return request.user;
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  currentUser(request);
}

/** Signed in and not a professional still waiting for verification (the spec confines those). */
export async function requireActive(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = currentUser(request);
  if (isPendingProfessional(user)) throw new AppError('VERIFICATION_REQUIRED');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = currentUser(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Access denied - admin only');
}
