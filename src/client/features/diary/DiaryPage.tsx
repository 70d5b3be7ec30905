import { MAIN_ID } from '../../ui/SkipLink';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { DiaryEntry } from '../../db/database';
import { requestPersistentStorage } from '../../pwa/storage';
import { offerHelp } from '../../safety/help-notes';
import { previousDiary } from '../../safety/previous';
import { AuthorHelpCard } from '../../safety/AuthorHelpCard';
import { useDb } from '../../sync/current';
import { useDiary } from '../../sync/hooks';
import { IconArrowLeft } from '../../ui/icons';
import { StorageErrorBoundary } from '../../ui/StorageErrorBoundary';
import { DiaryTransfer } from './DiaryTransfer';
import { EntryForm } from './EntryForm';
import { EntryList } from './EntryList';
import { EntryView } from './EntryView';
import { showDeleted } from './DeletedToast';
import { deleteEntry, restoreEntry, saveEntry } from './entries';
import { AfterRecovery } from '../lock/ChangePasscodeForm';
import { DiaryLockBar } from '../lock/LockSettings';
import { LockedDiary } from '../lock/UnlockForm';
import { useLockState } from '../lock/useLock';

const DIARY_HELP_SCOPE = 'diary';

/** /diary (spec sections 2-5): kept in this person's own local database, never sent anywhere. */
export function DiaryPage() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
      <Link to="/dashboard" className="btn btn-ghost btn-sm">
        <IconArrowLeft /> Back to Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Your Personal Diary</h1>
      <StorageErrorBoundary what="your diary">
        <Diary />
      </StorageErrorBoundary>
    </main>
  );
}

function Diary() {
  const db = useDb();
  const lock = useLockState(db);
  const entries = useDiary();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = entries?.find((e) => e.id === selectedId) ?? null;

  async function onSave(title: string, content: string): Promise<boolean> {
    try {
      const first = (entries?.length ?? 0) === 0;
      const entry = await saveEntry(db, title, content);
      setSelectedId(null);
      toast.success('Diary entry saved!');
      // Checked on this device only: the entry, and this check, never leave it.
      void offerHelp(db, DIARY_HELP_SCOPE, `${title}\n${content}`, () => previousDiary(db, entry.id));
      // Only once there is something worth keeping (see pwa/storage).
      if (first) void requestPersistentStorage();
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not save the entry');
      return false;
    }
  }

  async function onDelete(entry: DiaryEntry) {
    try {
      await deleteEntry(db, entry.id);
      if (selectedId === entry.id) setSelectedId(null);
      showDeleted(entry.id, () => {
        restoreEntry(db, entry).catch((error: unknown) => {
          toast.error(error instanceof Error ? error.message : 'Could not bring the entry back');
        });
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not delete the entry');
    }
  }

  // Locked (docs/decisions/diary-lock.md): the way in instead of the entries; the rest of Haven works on.
  if (lock.status === 'locked' && lock.record) return <LockedDiary db={db} record={lock.record} />;

  // Three states, never confused: loading (this), empty (the list says so), and a storage that
  // cannot be read (useLiveQuery throws to the StorageErrorBoundary around this).
  if (!entries || lock.status === 'loading') {
    return (
      <p role="status" className="mt-6 flex items-center gap-2" data-testid="diary-loading">
        <span className="loading loading-spinner" aria-hidden="true" />
        Loading your diary…
      </p>
    );
  }

  return (
    <>
      <p className="mt-1 text-sm">
        Kept only on this device, and never sent to the server.{lock.status === 'unlocked' && ' Locked with your passcode.'}
      </p>
      <AfterRecovery db={db} />
      <div className="mt-3 flex flex-wrap items-start gap-2"><DiaryLockBar db={db} lock={lock} /></div>
      <div className="mt-3"><DiaryTransfer entries={entries} /></div>
      <div className="mt-3"><AuthorHelpCard scope={DIARY_HELP_SCOPE} context="diary" /></div>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
        {/* On a phone an open entry replaces the list (Back brings it back), so it opens on screen. */}
        <section aria-label="Entries" className={`md:col-span-1 ${selected ? 'max-md:hidden' : ''}`}>
          <EntryList entries={entries} selectedId={selectedId} onSelect={setSelectedId} onDelete={(e) => void onDelete(e)} />
        </section>
        <section aria-label={selected ? 'Selected entry' : 'Write an entry'} className="flex flex-col gap-3 md:col-span-2">
          {selected ? (
            <>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm md:hidden" onClick={() => setSelectedId(null)}>
                  <IconArrowLeft /> All entries
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setSelectedId(null)}>New Entry</button>
              </div>
              <EntryView key={selected.id} entry={selected} />
            </>
          ) : (
            <EntryForm onSave={onSave} keepDraft={lock.status === 'off'} />
          )}
        </section>
      </div>
    </>
  );
}
