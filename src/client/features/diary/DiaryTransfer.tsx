import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DiaryEntry } from '../../db/database';
import { useDb } from '../../sync/current';
import { useHeld, pauseForPicker } from '../lock/keyring';
import { openLockedExport, parseLockedExport, readAllWithPasscode, toLockedJson, type LockedExport } from '../lock/export';
import { PasscodePrompt } from '../lock/PasscodePrompt';
import { useLockState } from '../lock/useLock';
import { emptyPlan, planItemCount, type SafetyPlan } from '../safety-plan/plan';
import { usePlan } from '../safety-plan/usePlan';
import { readCheckIns } from '../wellness/checkins';
import { downloadText } from './download';
import { importExport, importSummary, parseExport, toJson, toMarkdown } from './transfer';

const day = () => new Date().toISOString().slice(0, 10);

type Plain = 'json' | 'md';
/** What waits for a passcode: a plain export of a locked diary, or an encrypted file to import. */
type Asking = { kind: Plain | 'encrypted' } | { kind: 'import'; file: LockedExport } | null;

function downloadPlain(kind: Plain, entries: readonly DiaryEntry[], plan: SafetyPlan, checkIns: Parameters<typeof toMarkdown>[2]) {
  if (kind === 'json') downloadText(`haven-diary-${day()}.json`, toJson(entries, plan, { checkIns }), 'application/json');
  else downloadText(`haven-diary-${day()}.md`, toMarkdown(entries, plan, checkIns), 'text/markdown');
}

/**
 * Export (JSON, Markdown) and import (JSON from an export) of the whole diary, the safety plan and
 * the check-ins. With the diary lock on (docs/decisions/diary-lock.md) there is also an encrypted
 * file, and the plain files ask for the passcode first. `exportOnly` where the point is taking a
 * copy away (/profile, before deleting the account), not bringing one in.
 */
export function DiaryTransfer({ entries, exportOnly = false }: { entries: readonly DiaryEntry[]; exportOnly?: boolean }) {
  const db = useDb();
  const lock = useLockState(db);
  const loaded = usePlan();
  const held = useHeld();
  const checkIns = useLiveQuery(() => readCheckIns(db), [db, held]);
  const stored = useLiveQuery(async () => (await db.diary.count()) + (await db.safetyPlan.count()) + (await db.checkIns.count()), [db]);
  const [asking, setAsking] = useState<Asking>(null);
  const plan = loaded ?? emptyPlan();
  const input = useRef<HTMLInputElement>(null);
  const locked = lock.status === 'locked' || lock.status === 'unlocked';
  // Until the plan is read an export would silently leave it out.
  const nothing = locked ? stored === 0
    : !loaded || !checkIns || (entries.length === 0 && planItemCount(plan) === 0 && checkIns.length === 0);

  async function importData(data: Parameters<typeof importExport>[1]) {
    toast.success(importSummary(await importExport(db, data)));
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      const text = await file.text();
      const encrypted = parseLockedExport(text);
      if (encrypted) setAsking({ kind: 'import', file: encrypted });
      else await importData(parseExport(text));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not import this file.');
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function withPasscode(secret: string) {
    if (!asking) return;
    if (asking.kind === 'import') {
      await importData(await openLockedExport(db, asking.file, secret));
    } else if (asking.kind === 'encrypted') {
      downloadText(`haven-diary-${day()}-encrypted.json`, await toLockedJson(db, secret), 'application/json');
    } else {
      const all = await readAllWithPasscode(db, secret);
      downloadPlain(asking.kind, all.entries, all.plan, all.checkIns);
    }
    setAsking(null);
  }

  function exportPlain(kind: Plain) {
    if (locked) setAsking({ kind });
    else downloadPlain(kind, entries, plan, checkIns);
  }

  // The file holds the wrapped key: it is made only after the passcode (export.ts).
  const exportEncrypted = () => setAsking({ kind: 'encrypted' });

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Back up your diary and safety plan" className="flex flex-wrap gap-2">
        {locked && <button type="button" className="btn btn-sm min-h-11" disabled={nothing} onClick={exportEncrypted}>Export encrypted file</button>}
        <button type="button" className="btn btn-sm min-h-11" disabled={nothing} onClick={() => exportPlain('json')}>Export JSON</button>
        <button type="button" className="btn btn-sm min-h-11" disabled={nothing} onClick={() => exportPlain('md')}>Export Markdown</button>
        {!exportOnly && (
          <>
            <button type="button" className="btn btn-sm min-h-11" onClick={() => {
              // On a phone the picker hides the page; that must not lock the diary mid-import.
              pauseForPicker();
              input.current?.click();
            }}>Import</button>
            <input ref={input} type="file" accept="application/json,.json" aria-label="Import diary file" className="hidden"
              onChange={(e) => void onFile(e.target.files?.[0])} />
          </>
        )}
      </div>
      {locked && !asking && (
        <p className="text-sm">Every export asks for your passcode first. The encrypted file opens only with your passcode of today (or your recovery code).</p>
      )}
      {asking && (
        <div className="max-w-xl rounded-box border border-base-300 p-4">
          <PasscodePrompt key={asking.kind} name={asking.kind === 'import' ? 'Open the encrypted file' : 'Export as plain text'}
            submitLabel={asking.kind === 'import' ? 'Import' : 'Export'} busyLabel={asking.kind === 'import' ? 'Opening the file…' : 'Preparing the file…'}
            kind={lock.record?.kind} onCancel={() => setAsking(null)} onSubmit={withPasscode}>
            <p>
              {asking.kind === 'import'
                ? 'This file is encrypted. Enter the passcode it was made with, or its recovery code.'
                : 'A plain file can be read by anyone who gets hold of it. Enter your passcode to make one.'}
            </p>
          </PasscodePrompt>
        </div>
      )}
    </div>
  );
}
