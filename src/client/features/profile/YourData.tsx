import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../../net/call';
import { useDiary } from '../../sync/hooks';
import { StorageErrorBoundary } from '../../ui/StorageErrorBoundary';
import { DiaryTransfer } from '../diary/DiaryTransfer';
import { downloadText } from '../diary/download';
import { formFailure } from './formFailure';

/** The server's copy of the person's data as one file: the same name the server gives it. */
async function downloadAccount(): Promise<void> {
  const data = await call('exportAccount');
  downloadText(`haven-export-${data.exportedAt.slice(0, 10)}.json`, JSON.stringify(data, null, 2), 'application/json');
}

/** Both exports side by side: what the server holds, and what only this device holds. */
export function YourData() {
  const [busy, setBusy] = useState(false);

  async function onExport() {
    setBusy(true);
    try {
      await downloadAccount();
      toast.success('Your data is downloading.');
    } catch (error) {
      toast.error((await formFailure(error)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">From Haven&apos;s server</h3>
        <p>Your profile, your direct conversations, the groups you are in and what you wrote there, and your chats with Aura, as a JSON file.</p>
        <div>
          <button type="button" className="btn btn-sm" onClick={() => void onExport()} disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Download my data
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">From this device</h3>
        <p>Your diary and safety plan are kept only on this device and are never sent to the server. Export them here.</p>
        <StorageErrorBoundary what="your diary">
          <DiaryExport />
        </StorageErrorBoundary>
      </div>
    </div>
  );
}

export function DiaryExport() {
  const entries = useDiary();
  return <DiaryTransfer entries={entries ?? []} exportOnly />;
}
