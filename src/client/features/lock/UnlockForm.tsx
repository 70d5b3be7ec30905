import { useEffect } from 'react';
import type { HavenDb } from '../../db/database';
import { noteRecovered } from './keyring';
import type { LockRecord } from './keys';
import { removePlainDraft, unlock } from './lock';
import { PasscodePrompt } from './PasscodePrompt';

/** Unlocks this tab with the passcode or the recovery code; a recovery-code unlock then offers a new passcode. */
export function UnlockForm({ db, record, name = 'Unlock your diary', autoFocus = true }: { db: HavenDb; record: LockRecord; name?: string; autoFocus?: boolean }) {
  return (
    <PasscodePrompt name={name} submitLabel="Unlock" busyLabel="Unlocking…" kind={record.kind} autoFocus={autoFocus}
      onSubmit={async (secret) => {
        if ((await unlock(db, secret)) === 'recovery') noteRecovered(secret);
      }} />
  );
}

/** The diary page while locked: what is behind the lock, and the way in. */
export function LockedDiary({ db, record }: { db: HavenDb; record: LockRecord }) {
  // Locked from another tab, this tab's form wrote its draft away as it closed: it goes here.
  useEffect(() => removePlainDraft(db), [db]);
  return (
    <section aria-labelledby="diary-locked-title" className="mt-4 flex max-w-xl flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id="diary-locked-title" className="text-xl font-semibold">Your diary is locked</h2>
      <p>Enter your passcode to read and write your diary. The private steps of your safety plan and your check-in notes open with it too.</p>
      <UnlockForm db={db} record={record} />
      <p className="text-sm">
        Forgotten your passcode? Use the recovery code you were shown when you turned the lock on. Without either of them,
        nobody can open your diary: not you, not Haven.
      </p>
    </section>
  );
}
