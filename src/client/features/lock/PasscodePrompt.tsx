import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { loadArgon2 } from './kdf';
import type { PasscodeKind } from './keys';
import { SecretField } from './SecretField';
import { WaitError } from './throttle';

interface Props {
  /** The form's accessible name. */
  name: string;
  children?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** Throws with a message fit to show (a wrong passcode, a wait) and the field stays. */
  onSubmit: (secret: string) => Promise<void>;
  onCancel?: () => void;
  kind?: PasscodeKind;
  /** Offers "Use my recovery code instead", which the flows behind it all accept. */
  recovery?: boolean;
  autoFocus?: boolean;
}

/**
 * Asks for the passcode (or the recovery code) before something the lock guards. Argon2id takes a
 * moment on purpose, so the button says what is happening meanwhile; after wrong tries the wait is
 * said in words and the button waits with it.
 */
export function PasscodePrompt({ name, children, submitLabel, busyLabel, onSubmit, onCancel, kind, recovery = true, autoFocus = true }: Props) {
  const [secret, setSecret] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const errorId = useId();

  useEffect(() => {
    void loadArgon2().catch(() => {
      // Loaded again at the first try; offline it is in the app's precache anyway.
    });
  }, []);
  useEffect(() => {
    if (waitUntil === 0) return;
    const timer = setTimeout(() => setWaitUntil(0), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || waitUntil) return;
    if (!secret) {
      setError(useRecovery ? 'Please type your recovery code.' : 'Please type your passcode.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(secret);
      setSecret('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'That did not work. Please try again.');
      if (e instanceof WaitError) setWaitUntil(Date.now() + e.waitMs);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label={name} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      {children}
      <SecretField label={useRecovery ? 'Recovery code' : 'Passcode'} value={secret} onChange={setSecret} autoFocus={autoFocus}
        kind={useRecovery ? 'phrase' : kind} describedBy={error ? errorId : undefined} invalid={Boolean(error)} />
      {error && <p id={errorId} role="alert" className="msg-error text-sm">{error}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11" aria-disabled={busy || waitUntil > 0}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && <button type="button" className="btn min-h-11" onClick={onCancel}>Cancel</button>}
        {recovery && (
          <button type="button" className="btn btn-ghost min-h-11" onClick={() => {
            setUseRecovery(!useRecovery);
            setSecret('');
            setError(null);
          }}>
            {useRecovery ? 'Use my passcode instead' : 'Use my recovery code instead'}
          </button>
        )}
      </div>
      {busy && <p role="status" className="sr-only">{busyLabel}</p>}
    </form>
  );
}
