/**
 * Cross-site request refusal for unsafe methods: the Origin must be our own or a trusted one.
 * SameSite=Lax cookies already stop most of it; this closes the rest (old browsers, subdomains).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function isAllowedOrigin(request: FastifyRequest, origin: string, trusted: readonly string[]): boolean {
  return origin === ownOrigin(request) || trusted.includes(origin);
}

export function makeOriginCheck(trusted: readonly string[]) {
  return async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isAllowedOrigin(request, origin, trusted)) throw new AppError('ORIGIN_REJECTED');
      return;
    }
    // No Origin: a non-browser client (curl, tests) or an old browser; Sec-Fetch-Site still tells a browser's intent.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_REJECTED');
  };
}
