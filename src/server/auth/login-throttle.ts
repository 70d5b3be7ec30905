/**
 * Failed-login throttling after OWASP's "device cookies": a browser that signed in to an account
 * before carries a signed device cookie for it, and only its own failures count against it. Every
 * other attempt is "untrusted" and counted per (account, address) pair strictly, per account more
 * loosely (a spread-out guess at one account) and per address loosely (one address guessing many
 * accounts). So a stranger's guesses, from however many addresses, can slow down other strangers
 * but never lock the account's owner out of a browser they have used before. Nobody is locked out
 * for good: every count ends with its window.
 * The counts are shared by every instance (limits/limiters.ts). They are kept per credential (a
 * fingerprint of the password hash): a new password, by reset or change, starts the account's
 * counts afresh on every instance at once, with nothing to find and delete.
 */
import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { hashedKey, type MakeLimiter } from '../limits/limiters';

export interface ThrottleLimits {
  windowMs: number;
  /** Failures per (account, address), and per trusted device. */
  pairMax: number;
  /** Failures per account from untrusted browsers. */
  accountMax: number;
  addressMax: number;
}

/**
 * Who is trying: the account (normalised email), the client address, the device id when its cookie
 * is valid for this account, and the account's current password hash ('' for an unknown email).
 */
export interface LoginAttempt {
  account: string;
  address: string;
  device: string | null;
  credential: string;
}

type Counter = 'pair' | 'device' | 'account' | 'address';

export class LoginThrottle {
  private readonly counters: Record<Counter, { limiter: RateLimiterAbstract; max: number }>;

  constructor(limits: ThrottleLimits, make: MakeLimiter) {
    const seconds = Math.ceil(limits.windowMs / 1000);
    const counter = (name: Counter, max: number) => ({ limiter: make({ name: `login-${name}`, points: max, seconds }), max });
    this.counters = {
      pair: counter('pair', limits.pairMax),
      device: counter('device', limits.pairMax),
      account: counter('account', limits.accountMax),
      address: counter('address', limits.addressMax),
    };
  }

  private keys({ account, address, device, credential }: LoginAttempt): [Counter, string][] {
    const of = createHash('sha256').update(credential).digest('base64url').slice(0, 16);
    if (device) return [['device', hashedKey(device, account, of)]];
    return [['pair', hashedKey(account, address, of)], ['account', hashedKey(account, of)], ['address', hashedKey(address)]];
  }

  /** Seconds until a login may be tried again, or 0 when it may be tried now. */
  async retryAfter(attempt: LoginAttempt): Promise<number> {
    const waits = await Promise.all(this.keys(attempt).map(async ([name, key]) => {
      const { limiter, max } = this.counters[name];
      const res = await limiter.get(key);
      return res && res.consumedPoints >= max ? Math.ceil(res.msBeforeNext / 1000) : 0;
    }));
    return Math.max(0, ...waits);
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    await Promise.all(this.keys(attempt).map(([name, key]) => this.counters[name].limiter.penalty(key, 1)));
  }

  /**
   * A success clears this browser's own count only (its pair or its device): it says nothing
   * about other addresses guessing this account.
   */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const [[name, key]] = this.keys(attempt) as [[Counter, string]];
    await this.counters[name].limiter.delete(key);
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
