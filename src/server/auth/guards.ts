/**
 * Who is asking: the session cookie is read once per request into `request.user`. Guards run as onRequest
 * hooks, before the body is parsed or validated; identity never comes from the body, the query or a header the client controls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPendingProfessional } from '../../shared/limits';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { DEFAULT_IDLE_DAYS, findSession, SESSION_COOKIE, touchSession, type SessionInfo } from './sessions';
import { API_PATH, UPLOADS_PATH } from '../../shared/paths';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The session this request came with (the account routes list, keep or end it). */
    sessionInfo: SessionInfo | null;
  }
}

export interface SessionLookupOptions {
  /** SESSION_IDLE_DAYS: a session unused for longer no longer signs anyone in. */
  idleDays?: number;
}

export function registerSessionLookup(app: FastifyInstance, db: Db, { idleDays = DEFAULT_IDLE_DAYS }: SessionLookupOptions = {}): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionInfo', null);
  app.addHook('onRequest', async (request) => {
    // Static assets need no identity; skip the lookup for them.
    if (!request.url.startsWith(API_PATH) && !request.url.startsWith(UPLOADS_PATH)) return;
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSession(db, token, idleDays) : null;
    if (!found) return;
    request.user = found.user;
    request.sessionInfo = found.session;
    await touchSession(db, found.session, request.headers['user-agent']);
  });
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Unauthorized - please log in');
  return request.user;
}

/** The session of a signed-in request; only after requireUser (or currentUser) has let it through. */
export function currentSession(request: FastifyRequest): SessionInfo {
  if (!request.sessionInfo) throw new AppError('UNAUTHENTICATED', 'Unauthorized - please log in');
  return request.sessionInfo;
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
