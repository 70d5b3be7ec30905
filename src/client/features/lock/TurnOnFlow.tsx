import { useId, useState, type FormEvent } from 'react';
import type { HavenDb } from '../../db/database';
import { noteNewCode } from './keyring';
import { turnOn } from './lock';
import { NewPasscodeFields } from './NewPasscodeFields';

/** What the lock covers and what forgetting means, said before anything is chosen. */
export function LockWarning() {
  return (
    <>
      <p>
        With the lock on, your diary, the private steps of your safety plan (warning signs, what you can do on your own,
        distractions, making your surroundings safer, reasons for living) and your check-in notes are encrypted on this
        device. Haven asks for your passcode when you open them, after you have been away for a while, and when you switch
        to another app. Who to call in a crisis stays readable.
      </p>
      <p className="rounded-box border border-warning p-3 font-medium">
        If you forget your passcode and lose your recovery code, nobody can open your diary again: not you, not Haven, not anyone.
        There is no reset. Haven never has a copy of your passcode or your diary.
      </p>
    </>
  );
}

type Step = 'warn' | 'choose';

/**
 * Turning the lock on: the warning (agreed to), then the passcode twice. The recovery code is
 * shown next by NewRecoveryCode, from the keyring, so nothing that re-renders here can lose it.
 */
export function TurnOnFlow({ db, onClose }: { db: HavenDb; onClose: () => void }) {
  const [step, setStep] = useState<Step>('warn');
  const [understood, setUnderstood] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function choose(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      noteNewCode(await turnOn(db, passcode, again));
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The lock could not be turned on. Please try again.');
      setBusy(false);
    }
  }

  if (step === 'warn') {
    return (
      <div className="flex flex-col gap-3" role="group" aria-label="Before you lock your diary">
        <LockWarning />
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>I understand: without my passcode or my recovery code, my diary cannot be read.</span>
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary min-h-11" disabled={!understood} onClick={() => setStep('choose')}>Continue</button>
          <button type="button" className="btn min-h-11" onClick={onClose}>Not now</button>
        </div>
      </div>
    );
  }

  return (
    <form aria-label="Choose a passcode" onSubmit={(e) => void choose(e)} noValidate className="flex flex-col gap-3">
      <NewPasscodeFields passcode={passcode} again={again} onPasscode={setPasscode} onAgain={setAgain} error={error} errorId={errorId}
        advice=" A passphrase of a few words is much harder to guess than digits." autoFocus />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11" aria-disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? 'Locking your diary…' : 'Turn on the lock'}
        </button>
        <button type="button" className="btn min-h-11" onClick={onClose} disabled={busy}>Cancel</button>
      </div>
      {busy && <p role="status" className="sr-only">Locking your diary…</p>}
    </form>
  );
}
