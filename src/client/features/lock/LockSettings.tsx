import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { HavenDb } from '../../db/database';
import { useEngine } from '../../sync/current';
import { ChangePasscodeForm } from './ChangePasscodeForm';
import { noteNewCode, useNewCode } from './keyring';
import { IDLE_CHOICES, type LockRecord } from './keys';
import { lockNow, replaceRecoveryCode, setIdleTime, turnOff } from './lock';
import { PasscodePrompt } from './PasscodePrompt';
import { NewRecoveryCode } from './RecoveryCodeCard';
import { TurnOnFlow } from './TurnOnFlow';
import { UnlockForm } from './UnlockForm';
import { useLockState, type LockState } from './useLock';

/** /settings' "Diary lock": turn it on or off, lock now, the idle time, a new passcode or recovery code. */
export function LockSettings() {
  const db = useEngine()?.db;
  const lock = useLockState(db);
  const [turningOn, setTurningOn] = useState(false);
  const newCode = useNewCode();
  return (
    <section aria-labelledby="diary-lock-title" id="diary-lock" className="mt-8 flex max-w-2xl flex-col gap-3">
      <h2 id="diary-lock-title" className="text-lg font-semibold">Diary lock</h2>
      <NewRecoveryCode />
      {(!db || lock.status === 'loading') && <p role="status">Checking your diary lock…</p>}
      {db && lock.status === 'off' && !turningOn && (
        <>
          <p>Lock your diary, the private steps of your safety plan and your check-in notes with a passcode.</p>
          <button type="button" className="btn btn-primary min-h-11 self-start" onClick={() => setTurningOn(true)}>Lock my diary…</button>
        </>
      )}
      {db && turningOn && <TurnOnFlow db={db} onClose={() => setTurningOn(false)} />}
      {db && lock.record && !turningOn && !newCode && <LockOn db={db} lock={lock} record={lock.record} />}
    </section>
  );
}

function LockOn({ db, lock, record }: { db: HavenDb; lock: LockState; record: LockRecord }) {
  const [panel, setPanel] = useState<'none' | 'change' | 'recovery' | 'off'>('none');
  const toggle = (p: typeof panel) => setPanel(panel === p ? 'none' : p);

  async function changeIdle(minutes: number) {
    try {
      await setIdleTime(db, minutes);
      toast.success(`Your diary locks after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} away.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not change the time.');
    }
  }

  return (
    <>
      <p role="status">
        {lock.status === 'unlocked' ? 'Your diary is locked with a passcode, and open in this window now.' : 'Your diary is locked with a passcode.'}
      </p>
      {lock.status === 'unlocked'
        ? <button type="button" className="btn min-h-11 self-start" onClick={lockNow}>Lock now</button>
        : <UnlockForm db={db} record={record} autoFocus={false} />}
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Lock again after this long away</span>
        <select className="select min-h-11 w-full max-w-xs" value={record.idleMinutes} onChange={(e) => void changeIdle(Number(e.target.value))}>
          {IDLE_CHOICES.map((m) => <option key={m} value={m}>{m} {m === 1 ? 'minute' : 'minutes'}</option>)}
        </select>
      </label>
      <p className="text-sm">It also locks whenever you switch to another app, and each time Haven opens.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn min-h-11" aria-expanded={panel === 'change'} onClick={() => toggle('change')}>Change passcode</button>
        {/* Only while open here: the new code is shown from this tab's unlocked state, never to a locked screen. */}
        {lock.status === 'unlocked' && (
          <button type="button" className="btn min-h-11" aria-expanded={panel === 'recovery'} onClick={() => toggle('recovery')}>New recovery code</button>
        )}
        <button type="button" className="btn min-h-11" aria-expanded={panel === 'off'} onClick={() => toggle('off')}>Turn the lock off</button>
      </div>
      {panel === 'change' && <ChangePasscodeForm db={db} onDone={() => setPanel('none')} />}
      {panel === 'recovery' && lock.status === 'unlocked' && (
        <PasscodePrompt name="Make a new recovery code" submitLabel="Make a new code" busyLabel="Making a new code…" kind={record.kind} recovery={false}
          onCancel={() => setPanel('none')}
          onSubmit={async (secret) => {
            const code = await replaceRecoveryCode(db, secret);
            setPanel('none');
            noteNewCode(code);
          }}>
          <p>Your old recovery code will stop working. Enter your passcode to make a new one.</p>
        </PasscodePrompt>
      )}
      {panel === 'off' && (
        <PasscodePrompt name="Turn the lock off" submitLabel="Turn the lock off" busyLabel="Decrypting your diary…" kind={record.kind}
          onCancel={() => setPanel('none')}
          onSubmit={async (secret) => {
            await turnOff(db, secret);
            toast.success('The diary lock is off. Your diary is no longer encrypted on this device.');
          }}>
          <p>Your diary will be decrypted on this device, and anyone who can open Haven here will be able to read it.</p>
        </PasscodePrompt>
      )}
    </>
  );
}

/** On the diary page: turn the lock on, or lock now, with the rest in Settings. */
export function DiaryLockBar({ db, lock }: { db: HavenDb; lock: LockState }) {
  const [turningOn, setTurningOn] = useState(false);
  const newCode = useNewCode();
  if (newCode) return <NewRecoveryCode />;
  if (turningOn) {
    return (
      <section aria-label="Lock your diary" className="mt-3 flex max-w-2xl flex-col gap-3 rounded-box border border-base-300 p-4">
        <TurnOnFlow db={db} onClose={() => setTurningOn(false)} />
      </section>
    );
  }
  if (lock.status === 'off') {
    return <button type="button" className="btn btn-outline min-h-11" onClick={() => setTurningOn(true)}>Lock my diary…</button>;
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-outline min-h-11" onClick={lockNow}>Lock now</button>
      <Link to="/settings" hash="diary-lock" className="link inline-flex min-h-11 items-center">Diary lock settings</Link>
    </span>
  );
}
