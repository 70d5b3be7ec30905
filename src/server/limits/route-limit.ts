/**
 * A route's own limit, as an onRequest hook: the request is counted before its body is read, and
 * refused with 429 RATE_LIMITED and Retry-After once the key has spent its points. Signups and
 * referral checks count per client address; account controls per person.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited, secondsLeft, type Limiters, type LimitSpec } from './limiters';

export const byAddress = (request: FastifyRequest) => request.ip;
/** The signed-in person (the route's guard ran first), else the address. */
export const byPerson = (request: FastifyRequest) => request.user?.id ?? request.ip;

export function routeLimit(limiters: Limiters, spec: LimitSpec, keyOf: (request: FastifyRequest) => string): onRequestHookHandler {
  const limiter = limiters.make(spec);
  return async (request) => {
    try {
      await limiter.consume(limiters.key(keyOf(request)));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw rateLimited(secondsLeft(error), (wait) => `Too many attempts. Please try again in ${wait}.`);
    }
  };
}
