import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isPendingProfessional, type SignupRole } from '../../../shared/limits';
import { readApiError } from '../../net/api';
import { call } from '../../net/call';
import { AuthCard } from '../../ui/AuthCard';
import { IconArrowLeft } from '../../ui/icons';
import { PasswordInput } from '../../ui/PasswordInput';
import { setUser } from '../auth/session';
import { ROLE_CARDS } from './roles';
import { useReferralCheck } from './referral';
import { checkSignup, INVALID_REFERRAL, type SignupForm as Form } from './validate';

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return <p id={id} className="text-sm msg-error">{text}</p>;
}

export function SignupForm({ role, onBack }: { role: SignupRole; onBack: () => void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({ fullName: '', email: '', password: '', referralCode: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const referral = useReferralCheck(form.referralCode, role === 'user');
  const title = ROLE_CARDS.find((c) => c.role === role)?.title ?? role;

  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFields(({ [key]: _dropped, ...rest }) => rest);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      let state = referral.state;
      // The code must be checked before submit; do it now if the debounced check has not answered.
      if (role === 'user' && state === 'unknown' && form.referralCode.trim()) state = await referral.checkNow(form.referralCode);
      const check = checkSignup(form, role, state);
      if (!check.ok) {
        setFields(check.fields);
        toast.error(check.first);
        return;
      }
      const user = await call('signup', { body: check.payload });
      await setUser(user);
      if (isPendingProfessional(user)) {
        toast.success('Registration successful! Your account is pending verification.');
        await navigate({ to: '/verification-needed', replace: true });
      } else {
        toast.success('Account created successfully');
        await navigate({ to: '/dashboard', replace: true });
      }
    } catch (error) {
      const body = await readApiError(error);
      if (body?.fields) setFields(body.fields);
      else if (body?.code === 'INVALID_REFERRAL_CODE') setFields({ referralCode: INVALID_REFERRAL });
      toast.error(body?.message || 'Failed to create account');
    } finally {
      setBusy(false);
    }
  }

  const nameLabel = role === 'ngo' ? 'NGO Name' : 'Full Name';
  const invalid = (k: string) => (fields[k] ? true : undefined);

  return (
    <AuthCard title={`Sign up as ${role === 'ngo' ? 'an' : 'a'} ${title}`}>
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={onBack}>
        <IconArrowLeft className="size-4" /> Back
      </button>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-name" className="font-medium">{nameLabel}</label>
          <input id="signup-name" name="fullName" autoComplete={role === 'ngo' ? 'organization' : 'name'}
            className={`input w-full ${fields.fullName ? 'input-error' : ''}`} value={form.fullName}
            onChange={(e) => set('fullName')(e.target.value)} aria-invalid={invalid('fullName')}
            aria-describedby={fields.fullName ? 'signup-name-error' : undefined} />
          <FieldError id="signup-name-error" text={fields.fullName} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-email" className="font-medium">Email</label>
          <input id="signup-email" name="email" type="email" autoComplete="email" inputMode="email"
            className={`input w-full ${fields.email ? 'input-error' : ''}`} value={form.email}
            onChange={(e) => set('email')(e.target.value)} aria-invalid={invalid('email')}
            aria-describedby={fields.email ? 'signup-email-error' : undefined} />
          <FieldError id="signup-email-error" text={fields.email} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-password" className="font-medium">Password</label>
          <PasswordInput id="signup-password" value={form.password} onChange={set('password')} autoComplete="new-password"
            invalid={invalid('password')} describedBy="signup-password-hint" />
          <p id="signup-password-hint" className={`text-sm ${fields.password ? 'msg-error' : ''}`}>
            {fields.password ?? 'At least 6 characters.'}
          </p>
        </div>
        {role === 'user' && (
          <div className="flex flex-col gap-1">
            <label htmlFor="signup-referral" className="font-medium">Referral Code</label>
            <input id="signup-referral" name="referralCode" autoComplete="off" autoCapitalize="characters"
              className={`input w-full ${referral.state === 'invalid' || fields.referralCode ? 'input-error' : referral.state === 'valid' ? 'input-success' : ''}`}
              value={form.referralCode} onChange={(e) => set('referralCode')(e.target.value)}
              aria-invalid={referral.state === 'invalid' || invalid('referralCode')} aria-describedby="signup-referral-status" />
            <p id="signup-referral-status" className="min-h-5 text-sm" aria-live="polite">
              {referral.state === 'invalid' && <span className="msg-error">Invalid referral code</span>}
              {referral.state === 'valid' && <span className="msg-success">Valid referral code</span>}
              {referral.state === 'unknown' && (fields.referralCode
                ? <span className="msg-error">{fields.referralCode}</span>
                : 'Ask your therapist, NGO or volunteer for their code.')}
            </p>
          </div>
        )}
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Create Account
        </button>
      </form>
    </AuthCard>
  );
}
