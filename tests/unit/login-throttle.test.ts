import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginThrottle, describeWait } from '../../src/server/auth/login-throttle';
import { limiterFactory } from '../../src/server/limits/limiters';

const WINDOW = 15 * 60_000;

// The counts are rate-limiter-flexible's in-memory ones (PGlite's), on a clock the test moves by hand.
beforeEach(() => { vi.useFakeTimers({ now: 1_000_000 }); });
afterEach(() => { vi.useRealTimers(); });
const handClock = { set now(ms: number) { vi.setSystemTime(ms); }, get now() { return Date.now(); } };

function throttle(limits: Partial<{ pairMax: number; accountMax: number; addressMax: number }> = {}) {
  const t = new LoginThrottle({ windowMs: WINDOW, pairMax: 3, accountMax: 100, addressMax: 100, ...limits }, limiterFactory({}));
  return { t, clock: handClock };
}

/** An untrusted attempt (no device cookie), or one from a browser with a device cookie for the account. */
const at = (account: string, address: string, device: string | null = null, credential = 'hash-1') => ({ account, address, device, credential });

const fail = async (t: LoginThrottle, account: string, address: string, times: number, device: string | null = null) => {
  for (let i = 0; i < times; i += 1) await t.recordFailure(at(account, address, device));
};

describe('LoginThrottle', () => {
  it('lets a pair try until its limit, then asks it to wait for the rest of the window', async () => {
    const { t, clock } = throttle();
    await fail(t, 'a@x', '1.1.1.1', 2);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(0);
    await t.recordFailure(at('a@x', '1.1.1.1'));
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(WINDOW / 1000);
    clock.now += 60_000;
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(WINDOW / 1000 - 60);
  });

  it('never locks anyone out for good: the count ends with its window', async () => {
    const { t, clock } = throttle();
    await fail(t, 'a@x', '1.1.1.1', 10);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBeGreaterThan(0);
    clock.now += WINDOW;
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(0);
    // A failure after the window starts a fresh count of one, not eleven.
    await fail(t, 'a@x', '1.1.1.1', 2);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(0);
  });

  it('does not stop the same account from another address, nor another account from the same address', async () => {
    const { t } = throttle();
    await fail(t, 'a@x', '1.1.1.1', 3);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('a@x', '2.2.2.2'))).toBe(0);
    expect(await t.retryAfter(at('b@x', '1.1.1.1'))).toBe(0);
  });

  it('stops an account guessed at from many addresses once the account limit is reached', async () => {
    const { t } = throttle({ pairMax: 100, accountMax: 4 });
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3', '1.0.0.4']) await t.recordFailure(at('a@x', ip));
    expect(await t.retryAfter(at('a@x', '9.9.9.9'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('b@x', '9.9.9.9'))).toBe(0);
  });

  it('stops one address guessing many accounts once the address limit is reached', async () => {
    const { t } = throttle({ pairMax: 100, addressMax: 4 });
    for (const account of ['a@x', 'b@x', 'c@x', 'd@x']) await t.recordFailure(at(account, '1.1.1.1'));
    expect(await t.retryAfter(at('e@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('e@x', '2.2.2.2'))).toBe(0);
  });

  it('clears only the pair on success, leaving the account and address counts', async () => {
    const { t } = throttle({ pairMax: 3, accountMax: 4, addressMax: 100 });
    await fail(t, 'a@x', '1.1.1.1', 3);
    await t.recordSuccess(at('a@x', '1.1.1.1'));
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(0);
    // The account count kept its 3 failures: one more from anywhere reaches the account limit of 4.
    await t.recordFailure(at('a@x', '2.2.2.2'));
    expect(await t.retryAfter(at('a@x', '3.3.3.3'))).toBeGreaterThan(0);
  });

  it('answers the longest wait when several limits are reached', async () => {
    const { t, clock } = throttle({ pairMax: 100, accountMax: 1, addressMax: 1 });
    await t.recordFailure(at('a@x', '1.1.1.1'));
    clock.now += 5 * 60_000;
    await t.recordFailure(at('b@x', '2.2.2.2')); // unrelated
    await t.recordFailure(at('c@x', '1.1.1.1')); // the address window began 5 minutes ago
    expect(await t.retryAfter(at('c@x', '1.1.1.1'))).toBe(WINDOW / 1000);
    expect(await t.retryAfter(at('a@x', '7.7.7.7'))).toBe(WINDOW / 1000 - 300);
  });
});

describe('LoginThrottle with device cookies', () => {
  it("never locks the owner's own browser out because of strangers' guesses from many addresses", async () => {
    const { t } = throttle({ pairMax: 5, accountMax: 20, addressMax: 100 });
    for (let i = 0; i < 20; i += 1) await fail(t, 'admin@x', `10.0.0.${i}`, 1);
    // Any untrusted browser now waits, wherever it is...
    expect(await t.retryAfter(at('admin@x', '192.0.2.1'))).toBeGreaterThan(0);
    // ...but the browser the admin signed in with before does not, even from a stranger's address.
    expect(await t.retryAfter(at('admin@x', '10.0.0.3', 'dev-1'))).toBe(0);
  });

  it("counts a trusted device's own failures against that device only", async () => {
    const { t } = throttle({ pairMax: 3, accountMax: 100 });
    await fail(t, 'a@x', '1.1.1.1', 3, 'dev-1');
    expect(await t.retryAfter(at('a@x', '1.1.1.1', 'dev-1'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('a@x', '1.1.1.1', 'dev-2'))).toBe(0);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBe(0);
    await t.recordSuccess(at('a@x', '1.1.1.1', 'dev-1'));
    expect(await t.retryAfter(at('a@x', '1.1.1.1', 'dev-1'))).toBe(0);
  });
});

describe('a new password', () => {
  it("starts the account's counts afresh (a reset or change), everywhere, and leaves other accounts alone", async () => {
    const { t } = throttle({ pairMax: 3, accountMax: 4 });
    await fail(t, 'a@x', '1.1.1.1', 4);
    await fail(t, 'b@x', '1.1.1.1', 3);
    expect(await t.retryAfter(at('a@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('a@x', '2.2.2.2'))).toBeGreaterThan(0);
    expect(await t.retryAfter(at('a@x', '1.1.1.1', null, 'hash-2'))).toBe(0);
    expect(await t.retryAfter(at('a@x', '2.2.2.2', null, 'hash-2'))).toBe(0);
    expect(await t.retryAfter(at('b@x', '1.1.1.1'))).toBeGreaterThan(0);
  });
});

describe('describeWait', () => {
  it('speaks in seconds under a minute and in whole minutes (rounded up) above', async () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(900)).toBe('15 minutes');
  });
});
