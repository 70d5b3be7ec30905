/**
 * "How are you feeling today?" on the dashboard, answered in two taps: a face, then Save. Feelings,
 * sleep and a note are there for whoever wants them, never required. Saved on this device only;
 * a note that reads as a crisis offers help here, on the device, as the diary does.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { offerHelp } from '../../safety/help-notes';
import { AuthorHelpCard } from '../../safety/AuthorHelpCard';
import { useEngine } from '../../sync/current';
import { UnlockForm } from '../lock/UnlockForm';
import { useLockState } from '../lock/useLock';
import { FEELINGS, MOODS, NOTE_MAX_LENGTH, SLEEP_MAX_HOURS, saveCheckIn, type Mood } from './checkins';

export const CHECK_IN_HELP_SCOPE = 'check-in';

/** `linked`: on the dashboard, a way to the trends (the trends page itself shows them below). */
export function CheckInCard({ linked = false }: { linked?: boolean }) {
  // The dashboard may show before the person's database is open (a returning person's first paint).
  const db = useEngine()?.db;
  const [mood, setMood] = useState<Mood | null>(null);
  const [feelings, setFeelings] = useState<string[]>([]);
  const [sleep, setSleep] = useState('');
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  // With the diary lock on, a note is sealed like the diary (docs/decisions/diary-lock.md): while locked, no note.
  const lock = useLockState(db);
  const title = useId();

  function reset() {
    setMood(null);
    setFeelings([]);
    setSleep('');
    setNote('');
  }

  async function save() {
    if (mood === null || !db) return;
    setBusy(true);
    try {
      await saveCheckIn(db, { mood, feelings, sleepHours: sleep === '' ? null : Number(sleep), note });
      if (note.trim()) void offerHelp(db, CHECK_IN_HELP_SCOPE, note);
      reset();
      setSaved(true);
    } catch (error) {
      // What was chosen and typed stays, to be corrected.
      toast.error(error instanceof Error ? error.message : 'Could not save the check-in');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={title} className="card card-border mt-6 bg-base-100" data-testid="check-in">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={title} className="card-title">How are you feeling today?</h2>
        {saved && (
          <p role="status">
            Check-in saved on this device.{' '}<button type="button" className="link" onClick={() => setSaved(false)}>Check in again</button>
          </p>
        )}
        {!saved && (
          <>
            <fieldset>
              <legend className="sr-only">Your mood</legend>
              <div className="flex flex-wrap gap-2">
                {MOODS.map((m) => (
                  <label key={m.value} className={`btn h-auto min-h-14 flex-col gap-0 px-3 py-1 has-focus-visible:outline-2 ${mood === m.value ? 'btn-primary' : 'btn-ghost border-base-300'}`}>
                    <input type="radio" name={`${title}-mood`} className="sr-only" value={m.value} checked={mood === m.value} onChange={() => setMood(m.value)} />
                    <span aria-hidden="true" className="text-2xl leading-none">{m.face}</span>
                    <span className="text-xs font-normal">{m.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {mood !== null && (
              <>
                <fieldset>
                  <legend className="text-sm">Feelings (optional)</legend>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {FEELINGS.map((f) => (
                      <label key={f} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-box border border-base-300 px-3">
                        <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" checked={feelings.includes(f)}
                          onChange={(e) => setFeelings(e.target.checked ? [...feelings, f] : feelings.filter((x) => x !== f))} />
                        {f}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="flex flex-wrap items-end gap-3">
                  <label className="flex flex-col text-sm">Hours slept (optional)
                    <input type="number" inputMode="decimal" min={0} max={SLEEP_MAX_HOURS} step={0.5} className="input mt-1 min-h-11 w-28"
                      value={sleep} onChange={(e) => setSleep(e.target.value)} />
                  </label>
                  {lock.status === 'locked' ? (
                    <p className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
                      Notes are locked with your diary.
                      <button type="button" className="btn btn-sm min-h-11 self-start" aria-expanded={unlocking} onClick={() => setUnlocking(!unlocking)}>
                        Unlock to add a note
                      </button>
                    </p>
                  ) : (
                    <label className="flex min-w-48 flex-1 flex-col text-sm">A short note (optional)
                      <input type="text" maxLength={NOTE_MAX_LENGTH} className="input mt-1 min-h-11 w-full" value={note} onChange={(e) => setNote(e.target.value)} />
                    </label>
                  )}
                </div>
                {db && lock.status === 'locked' && lock.record && unlocking && (
                  <div className="max-w-md"><UnlockForm db={db} record={lock.record} name="Unlock to add a note" /></div>
                )}
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className="btn btn-primary" disabled={busy || !db} onClick={() => void save()}>Save check-in</button>
                  <button type="button" className="btn btn-ghost" onClick={reset}>Cancel</button>
                  <span className="text-sm">Kept only on this device.</span>
                </div>
              </>
            )}
          </>
        )}
        {db && <AuthorHelpCard scope={CHECK_IN_HELP_SCOPE} context="check-in" />}
        {linked && <Link to="/wellness" className="link inline-flex min-h-11 items-center self-start">Your mood and trends</Link>}
      </div>
    </section>
  );
}
