import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/login-throttle';
import { describeWait, Limiters } from '../../src/server/limits/limiters';

const WINDOW = 15 * 60_000;

// The counts are rate-limiter-flexible's in-memory ones (PGlite's), on a clock the test moves by hand.
beforeEach(() => { vi.useFakeTimers({ now: 1_000_000 }); });
afterEach(() => { vi.useRealTimers(); });
const clock = { advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };

function throttle(limits: Partial<{ pairMax: number; accountMax: number; addressMax: number }> = {}) {
  return new LoginThrottle({ windowMs: WINDOW, pairMax: 3, accountMax: 100, addressMax: 100, ...limits }, new Limiters({}, 'test secret'));
}

/** An untrusted attempt (no device cookie), or one from a browser with a device cookie for the account. */
const at = (account: string, address: string, device: string | null = null, credential = 'hash-1') => ({ account, address, device, credential });

/** `times` wrong passwords: each attempt begins and is never forgiven. Answers the last wait. */
async function fail(t: LoginThrottle, account: string, address: string, times: number, device: string | null = null): Promise<number> {
  let wait = 0;
  for (let i = 0; i < times; i += 1) wait = await t.begin(at(account, address, device));
  return wait;
}

/** The right password: the attempt begins, and is forgiven when it was let through. */
async function succeed(t: LoginThrottle, attempt: ReturnType<typeof at>): Promise<number> {
  const wait = await t.begin(attempt);
  if (wait === 0) await t.succeeded(attempt);
  return wait;
}

describe('LoginThrottle', () => {
  it('lets a pair try up to its limit, then asks it to wait for the rest of the window', async () => {
    const t = throttle();
    expect(await fail(t, 'a@x', '1.1.1.1', 3)).toBe(0);
    expect(await t.begin(at('a@x', '1.1.1.1'))).toBe(WINDOW / 1000);
    clock.advance(60_000);
    expect(await t.begin(at('a@x', '1.1.1.1'))).toBe(WINDOW / 1000 - 60);
  });

  it('never locks anyone out for good: the count ends with its window', async () => {
    const t = throttle();
    expect(await fail(t, 'a@x', '1.1.1.1', 10)).toBeGreaterThan(0);
    clock.advance(WINDOW);
    // A failure after the window starts a fresh count of one, not eleven.
    expect(await fail(t, 'a@x', '1.1.1.1', 3)).toBe(0);
  });

  it('does not stop the same account from another address, nor another account from the same address', async () => {
    const t = throttle();
    expect(await fail(t, 'a@x', '1.1.1.1', 4)).toBeGreaterThan(0);
    expect(await t.begin(at('a@x', '2.2.2.2'))).toBe(0);
    expect(await t.begin(at('b@x', '1.1.1.1'))).toBe(0);
  });

  it('stops an account guessed at from many addresses once the account limit is reached', async () => {
    const t = throttle({ pairMax: 100, accountMax: 4 });
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3', '1.0.0.4']) expect(await t.begin(at('a@x', ip))).toBe(0);
    expect(await t.begin(at('a@x', '9.9.9.9'))).toBeGreaterThan(0);
    expect(await t.begin(at('b@x', '9.9.9.9'))).toBe(0);
  });

  it('stops one address guessing many accounts once the address limit is reached', async () => {
    const t = throttle({ pairMax: 100, addressMax: 4 });
    for (const account of ['a@x', 'b@x', 'c@x', 'd@x']) expect(await t.begin(at(account, '1.1.1.1'))).toBe(0);
    expect(await t.begin(at('e@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await t.begin(at('e@x', '2.2.2.2'))).toBe(0);
  });

  it("forgives a right password's own attempt and starts its browser's count over, leaving the account's other failures", async () => {
    const t = throttle({ pairMax: 3, accountMax: 4, addressMax: 100 });
    await fail(t, 'a@x', '1.1.1.1', 2);
    expect(await succeed(t, at('a@x', '1.1.1.1'))).toBe(0);
    // The pair starts over: three more tries from this browser are let through.
    expect(await fail(t, 'a@x', '1.1.1.1', 1)).toBe(0);
    // The account kept its 2 earlier failures and has 1 more now: one more from anywhere is its 4th...
    expect(await t.begin(at('a@x', '2.2.2.2'))).toBe(0);
    // ...and the next is over its limit.
    expect(await t.begin(at('a@x', '3.3.3.3'))).toBeGreaterThan(0);
  });

  it('answers the longest wait when several limits are reached', async () => {
    const t = throttle({ pairMax: 100, accountMax: 1, addressMax: 1 });
    expect(await t.begin(at('a@x', '1.1.1.1'))).toBe(0);
    clock.advance(5 * 60_000);
    expect(await t.begin(at('b@x', '2.2.2.2'))).toBe(0); // unrelated
    // The address's window began 5 minutes ago; c@x's now.
    expect(await t.begin(at('c@x', '1.1.1.1'))).toBe(WINDOW / 1000 - 300);
    expect(await t.begin(at('c@x', '1.1.1.1'))).toBe(WINDOW / 1000);
    expect(await t.begin(at('a@x', '7.7.7.7'))).toBe(WINDOW / 1000 - 300);
  });

  it('lets through at most the limit of guesses sent all at once', async () => {
    const t = throttle({ pairMax: 3, accountMax: 100 });
    const waits = await Promise.all(Array.from({ length: 10 }, () => t.begin(at('a@x', '1.1.1.1'))));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });
});

describe('LoginThrottle with device cookies', () => {
  it("never locks the owner's own browser out because of strangers' guesses from many addresses", async () => {
    const t = throttle({ pairMax: 5, accountMax: 20, addressMax: 100 });
    for (let i = 0; i < 20; i += 1) await fail(t, 'admin@x', `10.0.0.${i}`, 1);
    // Any untrusted browser now waits, wherever it is...
    expect(await t.begin(at('admin@x', '192.0.2.1'))).toBeGreaterThan(0);
    // ...but the browser the admin signed in with before does not, even from a stranger's address.
    expect(await t.begin(at('admin@x', '10.0.0.3', 'dev-1'))).toBe(0);
  });

  it("counts a trusted device's own failures against that device only, and a success starts it over", async () => {
    const t = throttle({ pairMax: 3, accountMax: 100 });
    expect(await fail(t, 'a@x', '1.1.1.1', 4, 'dev-1')).toBeGreaterThan(0);
    expect(await t.begin(at('a@x', '1.1.1.1', 'dev-2'))).toBe(0);
    expect(await t.begin(at('a@x', '1.1.1.1'))).toBe(0);
    await fail(t, 'a@x', '1.1.1.1', 2, 'dev-3');
    expect(await succeed(t, at('a@x', '1.1.1.1', 'dev-3'))).toBe(0);
    expect(await fail(t, 'a@x', '1.1.1.1', 3, 'dev-3')).toBe(0);
  });
});

describe('a new password', () => {
  it("starts the account's counts afresh (a reset or change), everywhere, and leaves other accounts alone", async () => {
    const t = throttle({ pairMax: 3, accountMax: 4 });
    await fail(t, 'a@x', '1.1.1.1', 4);
    await fail(t, 'b@x', '1.1.1.1', 3);
    expect(await t.begin(at('a@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await t.begin(at('a@x', '2.2.2.2'))).toBeGreaterThan(0);
    expect(await t.begin(at('a@x', '1.1.1.1', null, 'hash-2'))).toBe(0);
    expect(await t.begin(at('a@x', '2.2.2.2', null, 'hash-2'))).toBe(0);
    expect(await t.begin(at('b@x', '1.1.1.1'))).toBeGreaterThan(0);
  });
});

describe('describeWait', () => {
  it('speaks in seconds under a minute and in whole minutes (rounded up) above', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(900)).toBe('15 minutes');
  });
});
