/**
 * Failed-login throttling after OWASP's "device cookies": a browser that signed in to an account
 * before carries a signed device cookie for it, and only its own failures count against it. Every
 * other attempt is "untrusted" and counted per (account, address) pair strictly, per account more
 * loosely (a spread-out guess at one account) and per address loosely (one address guessing many
 * accounts). So a stranger's guesses, from however many addresses, can slow down other strangers
 * but never lock the account's owner out of a browser they have used before. Nobody is locked out
 * for good: every count ends with its window.
 * An attempt is counted before its password is checked and forgiven if it was right, so guesses
 * sent in parallel (to one instance or several) cannot all pass the check first. The counts are
 * shared by every instance (limits/limiters.ts) and kept per credential (a fingerprint of the
 * password hash): a new password, by reset or change, starts the account's counts afresh on every
 * instance at once, with nothing to find and delete.
 */
import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { secondsLeft, type Limiters } from '../limits/limiters';

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

  constructor(limits: ThrottleLimits, private readonly limiters: Limiters) {
    const seconds = Math.ceil(limits.windowMs / 1000);
    const counter = (name: Counter, max: number) => ({ limiter: limiters.make({ name: `login-${name}`, points: max, seconds }), max });
    this.counters = {
      pair: counter('pair', limits.pairMax),
      device: counter('device', limits.pairMax),
      account: counter('account', limits.accountMax),
      address: counter('address', limits.addressMax),
    };
  }

  /** The browser's own count first (its pair, or its device), then the account's and the address's. */
  private keys({ account, address, device, credential }: LoginAttempt): [Counter, string][] {
    const of = createHash('sha256').update(credential).digest('base64url').slice(0, 16);
    const key = (...parts: string[]) => this.limiters.key(...parts);
    if (device) return [['device', key(device, account, of)]];
    return [['pair', key(account, address, of)], ['account', key(account, of)], ['address', key(address)]];
  }

  /**
   * Counts this attempt as a failure until it proves otherwise; answers the seconds to wait when it
   * went over a limit (the password is then not checked), or 0.
   */
  async begin(attempt: LoginAttempt): Promise<number> {
    const waits = await Promise.all(this.keys(attempt).map(async ([name, key]) => {
      const { limiter, max } = this.counters[name];
      const res = await limiter.penalty(key, 1);
      return res.consumedPoints > max ? secondsLeft(res) : 0;
    }));
    return Math.max(0, ...waits);
  }

  /**
   * The password was right: this browser's own count starts over, and the account and address
   * take back the point begin() gave them; their other failures stand.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const [[own, ownKey], ...shared] = this.keys(attempt) as [[Counter, string], ...[Counter, string][]];
    await Promise.all([
      this.counters[own].limiter.delete(ownKey),
      ...shared.map(([name, key]) => this.counters[name].limiter.reward(key, 1)),
    ]);
  }
}
