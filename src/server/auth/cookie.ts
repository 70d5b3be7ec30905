/** The session cookie's flags (docs/architecture.md section 4): HttpOnly, SameSite=Lax, Secure behind HTTPS. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { SESSION_COOKIE } from './sessions';

export function cookieSecure(config: Config, request: FastifyRequest): boolean {
  if (config.COOKIE_SECURE === 'auto') return request.protocol === 'https';
  return config.COOKIE_SECURE === 'true';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  const secure = cookieSecure(config, reply.request);
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const secure = cookieSecure(config, reply.request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}
