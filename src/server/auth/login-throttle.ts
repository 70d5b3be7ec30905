/**
 * Failed-login throttling after OWASP's "device cookies": a browser that signed in to an account
 * before carries a signed device cookie for it, and only its own failures count against it. Every
 * other attempt is "untrusted" and counted per (account, address) pair strictly, per account more
 * loosely (a spread-out guess at one account) and per address loosely (one address guessing many
 * accounts). So a stranger's guesses, from however many addresses, can slow down other strangers
 * but never lock the account's owner out of a browser they have used before. Nobody is locked out
 * for good: every count ends with its window.
 * In memory: with several instances each counts its own share (documented in the README).
 */
export interface ThrottleLimits {
  windowMs: number;
  /** Failures per (account, address), and per trusted device. */
  pairMax: number;
  /** Failures per account from untrusted browsers. */
  accountMax: number;
  addressMax: number;
}

/** Who is trying: the account (normalised email), the client address, and the device id when its cookie is valid for this account. */
export interface LoginAttempt {
  account: string;
  address: string;
  device: string | null;
}

interface Window {
  count: number;
  resetAt: number;
}

const MAX_KEYS = 100_000;

/** The counters' names, in one place: forgive() finds an account's by these shapes. */
const pairKey = (account: string, address: string) => `pair:${account}|${address}`;
const deviceKey = (device: string, account: string) => `device:${device}|${account}`;
const accountKey = (account: string) => `account:${account}`;

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: ThrottleLimits, private readonly now: () => number = Date.now) {}

  private keys({ account, address, device }: LoginAttempt): [string, number][] {
    if (device) return [[deviceKey(device, account), this.limits.pairMax]];
    return [
      [pairKey(account, address), this.limits.pairMax],
      [accountKey(account), this.limits.accountMax],
      [`address:${address}`, this.limits.addressMax],
    ];
  }

  /** Seconds until a login may be tried again, or 0 when it may be tried now. */
  retryAfter(attempt: LoginAttempt): number {
    const now = this.now();
    let wait = 0;
    for (const [key, max] of this.keys(attempt)) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count >= max) wait = Math.max(wait, Math.ceil((w.resetAt - now) / 1000));
    }
    return wait;
  }

  recordFailure(attempt: LoginAttempt): void {
    const now = this.now();
    if (this.windows.size > MAX_KEYS) this.sweep(now);
    for (const [key] of this.keys(attempt)) {
      const w = this.windows.get(key);
      if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.limits.windowMs });
      else w.count += 1;
    }
  }

  /**
   * A success clears this browser's own count only (its pair or its device): it says nothing
   * about other addresses guessing this account.
   */
  recordSuccess(attempt: LoginAttempt): void {
    this.windows.delete(attempt.device ? deviceKey(attempt.device, attempt.account) : pairKey(attempt.account, attempt.address));
  }

  /** Clears every count about an account: its password was just reset by someone the admin vouched for. */
  forgive(account: string): void {
    for (const key of this.windows.keys()) {
      const mine = key === accountKey(account) || key.startsWith(pairKey(account, ''))
        || (key.startsWith('device:') && key.endsWith(`|${account}`));
      if (mine) this.windows.delete(key);
    }
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
