import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { changePasswordSchema, fieldErrors } from '../../../shared/schemas';
import { call } from '../../net/call';
import { PasswordInput } from '../../ui/PasswordInput';
import { formFailure } from './formFailure';

const MISMATCH = 'The two new passwords do not match';

/** Change password: other devices are signed out, this one stays. What was typed stays on a refusal. */
export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!found.newPassword && newPassword !== confirm) found.confirm = MISMATCH;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await call('changePassword', { body: { currentPassword, newPassword } });
      toast.success(res.message);
      setCurrent('');
      setNew('');
      setConfirm('');
      onChanged();
    } catch (error) {
      const failure = await formFailure(error);
      setErrors(failure.fields);
      toast.error(failure.message);
    } finally {
      setBusy(false);
    }
  }

  const field = (id: string, label: string, value: string, set: (v: string) => void, key: string, autoComplete: 'current-password' | 'new-password') => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">{label}</label>
      <PasswordInput id={id} value={value} onChange={set} autoComplete={autoComplete} invalid={!!errors[key]}
        describedBy={errors[key] ? `${id}-error` : undefined} />
      {errors[key] && <p id={`${id}-error`} className="text-sm msg-error">{errors[key]}</p>}
    </div>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="text-base font-semibold">Change password</h3>
      {field('current-password', 'Current password', currentPassword, setCurrent, 'currentPassword', 'current-password')}
      {field('new-password', 'New password', newPassword, setNew, 'newPassword', 'new-password')}
      {field('confirm-password', 'New password again', confirm, setConfirm, 'confirm', 'new-password')}
      <p className="text-sm">At least 6 characters, and not one of the most common passwords. Your other devices will be signed out.</p>
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Change password
        </button>
      </div>
    </form>
  );
}
