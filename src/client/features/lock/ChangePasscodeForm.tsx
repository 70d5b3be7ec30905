import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import type { HavenDb } from '../../db/database';
import { noteRecovered, useRecovered } from './keyring';
import { changePasscode } from './lock';
import { NewPasscodeFields } from './NewPasscodeFields';
import { SecretField } from './SecretField';

interface Props {
  db: HavenDb;
  /** Already known (the recovery code this tab was unlocked with): no field asks for it. */
  current?: string;
  onDone?: () => void;
  name?: string;
}

/** A new passcode: only the key's wrapping changes, so it is as quick with ten entries as with a thousand. */
export function ChangePasscodeForm({ db, current: known, onDone, name = 'Change your passcode' }: Props) {
  const [current, setCurrent] = useState('');
  const [passcode, setPasscode] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await changePasscode(db, known ?? current, passcode, again);
      setCurrent('');
      setPasscode('');
      setAgain('');
      noteRecovered(null);
      toast.success('Your passcode is changed.');
      onDone?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The passcode could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label={name} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      {known === undefined && (
        <SecretField label="Current passcode or recovery code" value={current} onChange={setCurrent} invalid={Boolean(error)}
          describedBy={error ? errorId : undefined} />
      )}
      <NewPasscodeFields passcode={passcode} again={again} onPasscode={setPasscode} onAgain={setAgain} error={error} errorId={errorId} markInvalid={false} />
      <div>
        <button type="submit" className="btn btn-primary min-h-11" aria-disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? 'Changing…' : 'Change passcode'}
        </button>
      </div>
    </form>
  );
}

/** After a recovery-code unlock: the forgotten passcode is replaced before anything else. */
export function AfterRecovery({ db }: { db: HavenDb }) {
  const code = useRecovered();
  if (!code) return null;
  return (
    <section aria-labelledby="after-recovery-title" className="mt-4 flex max-w-xl flex-col gap-3 rounded-box border border-warning p-4">
      <h2 id="after-recovery-title" className="text-lg font-semibold">Choose a new passcode</h2>
      <p>You opened your diary with your recovery code. Choose a new passcode now; your recovery code keeps working too.</p>
      <ChangePasscodeForm db={db} current={code} name="Choose a new passcode" />
      <button type="button" className="btn btn-ghost min-h-11 self-start" onClick={() => noteRecovered(null)}>Not now</button>
    </section>
  );
}
