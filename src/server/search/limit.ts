/**
 * How often one person may search. A search reads every message of theirs that could match, so it
 * costs more than opening a thread; the app asks only after the typing settles, and nobody reads
 * a page of results a second. Counted per account and shared by every instance (limits/limiters.ts).
 */
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { currentUser } from '../auth/guards';
import { rateLimited, secondsLeft, type Limiters } from '../limits/limiters';

export const SEARCH_BUDGET = { name: 'person-search', points: 60, seconds: 60 };

/** An onRequest hook, after the guard: spends one search of the person's budget, or answers 429. */
export function searchLimit(limiters: Limiters) {
  const limiter = limiters.make(SEARCH_BUDGET);
  return async (request: FastifyRequest): Promise<void> => {
    try {
      await limiter.consume(currentUser(request).id);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw rateLimited(secondsLeft(error), (wait) => `You are searching faster than Haven can answer. Please try again in ${wait}.`);
    }
  };
}
