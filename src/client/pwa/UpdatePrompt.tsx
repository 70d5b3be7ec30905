import { useState } from 'react';
import { useUpdateReady } from './update-state';

/**
 * 'A new version is available' with Reload: the new version only takes over when the person
 * chooses, so nothing they are typing is lost to a surprise reload.
 */
export function UpdatePrompt() {
  const apply = useUpdateReady();
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!apply || dismissed) return null;
  return (
    <section aria-label="App update" className="fixed inset-x-2 bottom-2 z-50 flex justify-center sm:inset-x-auto sm:right-4 sm:bottom-4">
      <div role="status" className="flex w-full max-w-md flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-200 p-3 shadow-lg">
        <p className="flex-1 text-sm font-medium">A new version is available</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDismissed(true)}>Later</button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            apply();
          }}
        >
          Reload
        </button>
      </div>
    </section>
  );
}
