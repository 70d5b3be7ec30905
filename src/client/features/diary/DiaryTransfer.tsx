import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DiaryEntry } from '../../db/database';
import { useDb } from '../../sync/current';
import { emptyPlan, planItemCount } from '../safety-plan/plan';
import { usePlan } from '../safety-plan/usePlan';
import { downloadText } from './download';
import { importExport, importSummary, parseExport, toJson, toMarkdown } from './transfer';

const day = () => new Date().toISOString().slice(0, 10);

/** Export (JSON, Markdown) and import (JSON from an export) of the whole diary, the safety plan and the check-ins. */
/** `exportOnly` where the point is taking a copy away (/profile, before deleting the account), not bringing one in. */
export function DiaryTransfer({ entries, exportOnly = false }: { entries: readonly DiaryEntry[]; exportOnly?: boolean }) {
  const db = useDb();
  const loaded = usePlan();
  const checkIns = useLiveQuery(() => db.checkIns.toArray(), [db]);
  const plan = loaded ?? emptyPlan();
  const input = useRef<HTMLInputElement>(null);
  // Until the plan is read an export would silently leave it out.
  const nothing = !loaded || !checkIns || (entries.length === 0 && planItemCount(plan) === 0 && checkIns.length === 0);

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      const result = await importExport(db, parseExport(await file.text()));
      toast.success(importSummary(result));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not import this file.');
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div role="group" aria-label="Back up your diary and safety plan" className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm" disabled={nothing}
        onClick={() => downloadText(`haven-diary-${day()}.json`, toJson(entries, plan, { checkIns }), 'application/json')}>
        Export JSON
      </button>
      <button type="button" className="btn btn-sm" disabled={nothing}
        onClick={() => downloadText(`haven-diary-${day()}.md`, toMarkdown(entries, plan, checkIns), 'text/markdown')}>
        Export Markdown
      </button>
      {!exportOnly && (
        <>
          <button type="button" className="btn btn-sm" onClick={() => input.current?.click()}>Import</button>
          <input ref={input} type="file" accept="application/json,.json" aria-label="Import diary file" className="hidden"
            onChange={(e) => void onFile(e.target.files?.[0])} />
        </>
      )}
    </div>
  );
}
