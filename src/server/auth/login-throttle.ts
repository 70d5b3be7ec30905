/**
 * Failed-login throttling (OWASP's advice): failures are counted per (account, address) pair
 * strictly, per account more loosely (a spread-out guess at one account), and per address
 * loosely (one address guessing many accounts). A clinic's shared address is only stopped by a
 * flood no clinic makes, and nobody is locked out for good: every count ends with its window.
 * In memory: with several instances each counts its own share (documented in the README).
 */
export interface ThrottleLimits {
  windowMs: number;
  pairMax: number;
  accountMax: number;
  addressMax: number;
}

interface Window {
  count: number;
  resetAt: number;
}

const MAX_KEYS = 100_000;

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: ThrottleLimits, private readonly now: () => number = Date.now) {}

  private keys(account: string, address: string): [string, number][] {
    return [
      [`pair:${account}|${address}`, this.limits.pairMax],
      [`account:${account}`, this.limits.accountMax],
      [`address:${address}`, this.limits.addressMax],
    ];
  }

  /** Seconds until a login may be tried again, or 0 when it may be tried now. */
  retryAfter(account: string, address: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key, max] of this.keys(account, address)) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count >= max) wait = Math.max(wait, Math.ceil((w.resetAt - now) / 1000));
    }
    return wait;
  }

  recordFailure(account: string, address: string): void {
    const now = this.now();
    if (this.windows.size > MAX_KEYS) this.sweep(now);
    for (const [key] of this.keys(account, address)) {
      const w = this.windows.get(key);
      if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.limits.windowMs });
      else w.count += 1;
    }
  }

  /** A success clears the pair's count only: it says nothing about other addresses guessing this account. */
  recordSuccess(account: string, address: string): void {
    this.windows.delete(`pair:${account}|${address}`);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
