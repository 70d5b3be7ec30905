import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { fieldErrors, resetPasswordSchema } from '../../../shared/schemas';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { AuthCard } from '../../ui/AuthCard';
import { PasswordInput } from '../../ui/PasswordInput';
import { WithGetHelp } from '../help/GetHelpButton';

/** /reset-password: the code an admin handed over, instead of an email link (Haven sends no email). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [resetCode, setResetCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = resetPasswordSchema.safeParse({ email, resetCode, newPassword });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const res = await call('resetPassword', { body: { email, resetCode, newPassword } });
      toast.success(res.message);
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      // What was typed stays, so a mistyped letter of the code is fixed, not typed again.
      const failure = await describeFailure(error);
      setErrors(failure.body?.fields ?? {});
      toast.error(failure.message);
      setBusy(false);
    }
  }

  const errorOf = (key: string, id: string) => errors[key] && <p id={`${id}-error`} className="text-sm msg-error">{errors[key]}</p>;

  return (
    <WithGetHelp showSafetyPlan={false}>
      <AuthCard title="Reset your password" subtitle="Use the reset code an admin gave you.">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="reset-email" className="font-medium">Email</label>
            <input id="reset-email" type="email" autoComplete="email" inputMode="email" value={email}
              onChange={(e) => setEmail(e.target.value)} className={`input w-full ${errors.email ? 'input-error' : ''}`}
              aria-invalid={!!errors.email || undefined} aria-describedby={errors.email ? 'reset-email-error' : undefined} />
            {errorOf('email', 'reset-email')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="reset-code" className="font-medium">Reset code</label>
            <input id="reset-code" autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} value={resetCode}
              placeholder="XXXX-XXXX-XXXX" onChange={(e) => setResetCode(e.target.value)}
              className={`input w-full font-mono ${errors.resetCode ? 'input-error' : ''}`}
              aria-invalid={!!errors.resetCode || undefined} aria-describedby={errors.resetCode ? 'reset-code-error' : undefined} />
            {errorOf('resetCode', 'reset-code')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="reset-new-password" className="font-medium">New password</label>
            <PasswordInput id="reset-new-password" value={newPassword} onChange={setNewPassword} autoComplete="new-password"
              invalid={!!errors.newPassword} describedBy={errors.newPassword ? 'reset-new-password-error' : undefined} />
            {errorOf('newPassword', 'reset-new-password')}
          </div>
          <p className="text-sm">A code works once, for one hour. Resetting signs you out on every device.</p>
          <button type="submit" className="btn btn-primary mt-2 w-full" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Set new password
          </button>
        </form>
        <p className="text-center">
          <Link to="/login" className="link font-semibold">Back to login</Link>
        </p>
      </AuthCard>
    </WithGetHelp>
  );
}
