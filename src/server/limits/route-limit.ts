/**
 * A route's own limit, as an onRequest hook: the request is counted before its body is read, and
 * refused with 429 RATE_LIMITED and Retry-After once the key has spent its points. Signups and
 * referral checks count per client address; account controls per person.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describeWait } from '../auth/login-throttle';
import { AppError } from '../http/errors';
import { hashedKey, type LimitSpec, type MakeLimiter } from './limiters';

export const byAddress = (request: FastifyRequest) => request.ip;
/** The signed-in person (the route's guard ran first), else the address. */
export const byPerson = (request: FastifyRequest) => request.user?.id ?? request.ip;

export function routeLimit(make: MakeLimiter, spec: LimitSpec, keyOf: (request: FastifyRequest) => string): onRequestHookHandler {
  const limiter = make(spec);
  return async (request) => {
    try {
      await limiter.consume(hashedKey(keyOf(request)));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${describeWait(seconds)}.`, { retryAfter: seconds });
    }
  };
}
