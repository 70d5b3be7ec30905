/** The name others see in groups and chats (docs/decisions/community-rules.md, Display names); left empty, they see the full name again. */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/limits';
import { call } from '../../net/call';
import { setUser, useUser } from '../auth/session';
import { formFailure } from './formFailure';

export function DisplayName() {
  const user = useUser();
  const [name, setName] = useState(user.displayName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { input: useId(), help: useId(), error: useId() };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await call('setDisplayName', { body: { displayName: name.trim() } });
      await setUser(updated);
      setName(updated.displayName ?? '');
      toast.success(updated.displayName ? 'Display name saved' : 'Others will see your full name again');
    } catch (failure) {
      const { message, fields } = await formFailure(failure);
      setError(fields.displayName ?? message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-1 border-b border-base-300 py-3">
      <label htmlFor={ids.input} className="font-medium">Display name</label>
      <p id={ids.help} className="text-sm">
        The name others see in groups and chats. Your full name stays visible to you, the professional who referred you, and Haven&apos;s team.
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <input id={ids.input} className="input min-w-0 flex-1" value={name} maxLength={DISPLAY_NAME_MAX_LENGTH} placeholder={user.fullName}
          onChange={(e) => setName(e.target.value)} autoComplete="nickname" aria-describedby={error ? `${ids.help} ${ids.error}` : ids.help}
          aria-invalid={error ? true : undefined} />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save
        </button>
      </div>
      {error && <p id={ids.error} role="alert" className="msg-error text-sm">{error}</p>}
    </form>
  );
}
