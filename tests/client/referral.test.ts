import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReferralChecker, type ReferralState } from '../../src/client/features/signup/referral';

describe('referral check, debounced 500 ms', () => {
  let states: ReferralState[];
  let validate: ReturnType<typeof vi.fn<(code: string) => Promise<boolean>>>;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    validate = vi.fn(async (code: string) => code === 'GOOD');
  });
  afterEach(() => vi.useRealTimers());

  const make = () => createReferralChecker({ validate, onChange: (s) => states.push(s) });

  it('checks only once, 500 ms after the last keystroke', async () => {
    const c = make();
    c.input('G');
    await vi.advanceTimersByTimeAsync(300);
    c.input('GO');
    c.input('GOO');
    c.input('GOOD');
    await vi.advanceTimersByTimeAsync(499);
    expect(validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledWith('GOOD');
    expect(states.at(-1)).toBe('valid');
  });

  it('marks an unknown code invalid, and typing again resets to unknown', async () => {
    const c = make();
    c.input('BAD');
    await vi.advanceTimersByTimeAsync(500);
    expect(states.at(-1)).toBe('invalid');
    c.input('BADX');
    expect(states.at(-1)).toBe('unknown');
  });

  it('does not call the server for a blank code', async () => {
    const c = make();
    c.input('   ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(validate).not.toHaveBeenCalled();
    expect(states).toEqual(['unknown']);
  });

  it('drops a slow answer for an older code', async () => {
    let release: (v: boolean) => void = () => {};
    validate.mockImplementationOnce(() => new Promise<boolean>((r) => { release = r; }));
    const c = make();
    c.input('OLD');
    await vi.advanceTimersByTimeAsync(500);
    c.input('GOOD');
    release(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(states.at(-1)).toBe('valid');
    expect(states).not.toContain('invalid');
  });

  it('checkNow answers at once and cancels the pending timer', async () => {
    const c = make();
    c.input('GOOD');
    await expect(c.checkNow('GOOD')).resolves.toBe('valid');
    await vi.advanceTimersByTimeAsync(1000);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('a network failure leaves the state unknown', async () => {
    validate.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const c = make();
    await expect(c.checkNow('GOOD')).resolves.toBe('unknown');
  });
});
