import { fieldErrors, signupSchema } from '../../../shared/schemas';
import type { SignupRole } from '../../../shared/limits';
import type { ReferralState } from './referral';

export interface SignupForm {
  fullName: string;
  email: string;
  password: string;
  referralCode: string;
}

export const INVALID_REFERRAL = 'Please enter a valid referral code';
export const REFERRAL_REQUIRED = 'Referral code is required';

export type SignupCheck =
  | { ok: true; payload: { fullName: string; email: string; password: string; role: SignupRole; referralCode: string } }
  | { ok: false; fields: Record<string, string>; first: string };

/**
 * Spec section 5: name, email and password required, password at least 6 characters, and for
 * role user a referral code that is not known to be invalid. Only role user sends a code.
 */
export function checkSignup(form: SignupForm, role: SignupRole, referral: ReferralState): SignupCheck {
  const parsed = signupSchema.safeParse({ ...form, role, referralCode: role === 'user' ? form.referralCode : '' });
  const fields: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if (role === 'user') {
    if (!form.referralCode.trim()) fields.referralCode ??= REFERRAL_REQUIRED;
    else if (referral === 'invalid') fields.referralCode = INVALID_REFERRAL;
  }
  const order = ['fullName', 'email', 'password', 'referralCode'];
  const first = order.map((k) => fields[k]).find(Boolean) ?? Object.values(fields)[0];
  if (first || !parsed.success) return { ok: false, fields, first: first ?? 'Please check the form' };
  const d = parsed.data;
  return {
    ok: true,
    payload: { fullName: d.fullName, email: d.email, password: d.password, role, referralCode: role === 'user' ? d.referralCode : '' },
  };
}
