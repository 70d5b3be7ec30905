/**
 * Where every rate limit and failed-login counter lives. On PostgreSQL, in the `rate_limits` table
 * every instance shares (rate-limiter-flexible's RateLimiterPostgres), so N instances give the
 * same budget as one; should the database not answer, a count in this instance's memory stands in
 * (its insurance limiter), so a hiccup never locks anyone out and never lifts every limit either.
 * On PGlite, one process, the count is in memory.
 */
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/client';

export interface LimitSpec {
  /** Names the counter (the key prefix), e.g. 'login-pair'. */
  name: string;
  points: number;
  seconds: number;
}

export type MakeLimiter = (spec: LimitSpec) => RateLimiterAbstract;

export function limiterFactory(database: Pick<Database, 'pool'>): MakeLimiter {
  return ({ name, points, seconds }) => {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    if (!database.pool) return memory;
    return new RateLimiterPostgres({
      storeClient: database.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true,
      keyPrefix: name, points, duration: seconds, insuranceLimiter: memory,
    });
  };
}

/** A counter's key for something a person typed or where they are (an email, an address): a hash, never the words. */
export const hashedKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url');
