/**
 * Where every rate limit and failed-login counter lives. On PostgreSQL, in the `rate_limits` table
 * every instance shares (rate-limiter-flexible's RateLimiterPostgres), so N instances give the
 * same budget as one; should the database not answer, a count in this instance's memory stands in
 * (its insurance limiter), so a hiccup never locks anyone out and never lifts every limit either.
 * On PGlite, one process, the count is in memory.
 */
import { createHmac } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';

export interface LimitSpec {
  /** Names the counter (the key prefix), e.g. 'login-pair'. */
  name: string;
  points: number;
  seconds: number;
}

export class Limiters {
  private readonly keyMac: Buffer;
  private cleaner = false;

  /** `secret`: server-side and shared by every instance (the upload keys), so keys match across instances. */
  constructor(private readonly database: Pick<Database, 'pool'>, secret: string) {
    this.keyMac = createHmac('sha256', secret).update('haven rate-limit keys v1').digest();
  }

  make({ name, points, seconds }: LimitSpec): RateLimiterAbstract {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    if (!this.database.pool) return memory;
    // Every limiter would sweep the one shared table every 5 minutes: the first one made does it.
    const clearExpiredByTimeout = !this.cleaner;
    this.cleaner = true;
    return new RateLimiterPostgres({
      storeClient: this.database.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true,
      keyPrefix: name, points, duration: seconds, insuranceLimiter: memory, clearExpiredByTimeout,
    });
  }

  /**
   * A counter's key for what a person typed or where they are (an email, an address): an HMAC
   * with a server-side secret, so the table holds neither the words nor a hash anyone could
   * reverse by trying every address or a list of emails.
   */
  key(...parts: string[]): string {
    return createHmac('sha256', this.keyMac).update(parts.join('\u0000')).digest('base64url');
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Whole seconds until `res`'s count ends, at least 1. */
export const secondsLeft = (res: Pick<RateLimiterRes, 'msBeforeNext'>) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** The 429 every limit answers: its words say when to try again, and Retry-After says it to machines. */
export function rateLimited(seconds: number, words: (wait: string) => string): AppError {
  return new AppError('RATE_LIMITED', words(describeWait(seconds)), { retryAfter: seconds });
}
