import { useEffect, useRef, useState } from 'react';
import { REFERRAL_DEBOUNCE_MS } from '../../../shared/limits';
import { call } from '../../net/call';

/** Spec section 4: referral validity is unknown, valid or invalid. */
export type ReferralState = 'unknown' | 'valid' | 'invalid';

export interface ReferralChecker {
  /** The code changed: forget the old verdict and check again after the debounce. */
  input(code: string): void;
  /** Check at once (before submit); resolves to the verdict, or 'unknown' when the server could not answer. */
  checkNow(code: string): Promise<ReferralState>;
  dispose(): void;
}

/**
 * Debounced referral check (500 ms after typing). Answers that arrive after a newer input are
 * dropped, so a slow reply for an old code never labels the current one.
 */
export function createReferralChecker(opts: {
  validate: (code: string) => Promise<boolean>;
  onChange: (state: ReferralState) => void;
  delay?: number;
}): ReferralChecker {
  const delay = opts.delay ?? REFERRAL_DEBOUNCE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;

  async function run(code: string, mySeq: number): Promise<ReferralState> {
    let state: ReferralState;
    try {
      state = (await opts.validate(code)) ? 'valid' : 'invalid';
    } catch {
      state = 'unknown';
    }
    if (mySeq === seq) opts.onChange(state);
    return state;
  }

  return {
    input(code) {
      clearTimeout(timer);
      const mySeq = ++seq;
      opts.onChange('unknown');
      const trimmed = code.trim();
      if (!trimmed) return;
      timer = setTimeout(() => void run(trimmed, mySeq), delay);
    },
    checkNow(code) {
      clearTimeout(timer);
      const trimmed = code.trim();
      if (!trimmed) return Promise.resolve('unknown');
      return run(trimmed, ++seq);
    },
    dispose() {
      clearTimeout(timer);
      seq++;
    },
  };
}

export async function validateReferral(code: string): Promise<boolean> {
  const res = await call('validateReferral', { body: { referralCode: code } });
  return res.valid === true;
}

/** The referral state of `code`, checked only while `enabled` (role user). */
export function useReferralCheck(code: string, enabled: boolean) {
  const [state, setState] = useState<ReferralState>('unknown');
  const checker = useRef<ReferralChecker | null>(null);

  useEffect(() => {
    const c = createReferralChecker({ validate: validateReferral, onChange: setState });
    checker.current = c;
    return () => c.dispose();
  }, []);

  useEffect(() => {
    if (enabled) checker.current?.input(code);
  }, [code, enabled]);

  return {
    state,
    checkNow: (value: string) => checker.current?.checkNow(value) ?? Promise.resolve<ReferralState>('unknown'),
  };
}

/** Where a referred person signs up. The screen does not read a code from the address, so the code travels in the words. */
export const signupLink = (origin: string) => `${origin}/signup`;

/** A professional's invitation: what Haven is, where to sign up, and the code to enter there. */
export function invitationText(code: string, origin: string): string {
  return `Join me on Haven, a safe place for peer support. Sign up as a regular user at ${signupLink(origin)} with my referral code: ${code}`;
}
