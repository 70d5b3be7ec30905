import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { DiaryEntry } from '../../db/database';
import { useDb } from '../../sync/current';
import { downloadText } from './download';
import { importEntries, importSummary, parseExport, toJson, toMarkdown } from './transfer';

const day = () => new Date().toISOString().slice(0, 10);

/** Export (JSON, Markdown) and import (JSON from an export) of the whole diary. */
export function DiaryTransfer({ entries }: { entries: readonly DiaryEntry[] }) {
  const db = useDb();
  const input = useRef<HTMLInputElement>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      const result = await importEntries(db, parseExport(await file.text()));
      toast.success(importSummary(result));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not import this file.');
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div role="group" aria-label="Back up your diary" className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm" disabled={entries.length === 0}
        onClick={() => downloadText(`haven-diary-${day()}.json`, toJson(entries), 'application/json')}>
        Export JSON
      </button>
      <button type="button" className="btn btn-sm" disabled={entries.length === 0}
        onClick={() => downloadText(`haven-diary-${day()}.md`, toMarkdown(entries), 'text/markdown')}>
        Export Markdown
      </button>
      <button type="button" className="btn btn-sm" onClick={() => input.current?.click()}>Import</button>
      <input ref={input} type="file" accept="application/json,.json" aria-label="Import diary file" className="hidden"
        onChange={(e) => void onFile(e.target.files?.[0])} />
    </div>
  );
}
