import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../../net/call';
import { Modal } from '../../ui/Modal';
import { PasswordInput } from '../../ui/PasswordInput';
import { removeLocalData } from '../auth/localData';
import { setUser, useUser } from '../auth/session';
import { formFailure } from './formFailure';
import { DiaryExport } from './YourData';

/** Self-deletion: says plainly what goes, offers the diary export first, and asks for the password. */
export function DeleteAccount() {
  const user = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (user.role === 'admin') return <p>Admin accounts cannot be deleted.</p>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setError('Please enter your password');
      return;
    }
    setBusy(true);
    try {
      const res = await call('deleteAccount', { body: { password } });
      // Signed out here, which takes the viewed images (session.ts).
      void setUser(null);
      // Nobody can sign in as this person again, so their database on this device could never be
      // opened: it goes too. Not awaited: another open tab may hold it a while.
      void removeLocalData(user._id);
      toast.success(res.message);
      await navigate({ to: '/login', replace: true });
    } catch (failed) {
      const failure = await formFailure(failed);
      setError(failure.fields.password ?? failure.message);
      setBusy(false);
    }
  }

  const close = () => { if (!busy) { setOpen(false); setError(''); } };

  return (
    <div className="flex flex-col gap-2">
      <p>Deleting your account cannot be undone.</p>
      <div>
        <button type="button" className="btn btn-error btn-sm" onClick={() => setOpen(true)}>Delete my account</button>
      </div>
      <Modal open={open} title="Delete your account?" onClose={close} closeLabel="Cancel"
        actions={(
          <button type="submit" form="delete-account-form" className="btn btn-error min-h-11" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Delete my account permanently
          </button>
        )}>
        <div className="flex flex-col gap-3 py-3">
          <p>This permanently deletes, from Haven&apos;s server:</p>
          <ul className="list-disc pl-6">
            <li>your account and profile photo</li>
            <li>your direct conversations, on both sides</li>
            <li>your messages in groups, and your group memberships</li>
            <li>your chats with Aura and the images you uploaded</li>
          </ul>
          <p>You will be signed out on every device.</p>
          <p>
            Your diary and safety plan are not on the server: they live only on this device, and they will be removed
            from it too. If you want to keep them, export them first:
          </p>
          <DiaryExport />
          <form id="delete-account-form" onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-1">
            <label htmlFor="delete-password" className="font-medium">Your password</label>
            <PasswordInput id="delete-password" value={password} onChange={setPassword} autoComplete="current-password"
              invalid={!!error} describedBy={error ? 'delete-password-error' : undefined} />
            {error && <p id="delete-password-error" className="text-sm msg-error" role="alert">{error}</p>}
          </form>
        </div>
      </Modal>
    </div>
  );
}
