import { useState } from 'react';
import { useUpdateReady, type UpdateKind } from './update-state';

const TEXT: Record<UpdateKind, { title: string; detail: string | null }> = {
  waiting: { title: 'A new version is available', detail: null },
  active: { title: 'A new version is ready', detail: 'It was installed from another tab. Reload when it suits you: what you have typed is kept.' },
};

/**
 * 'A new version is available' with Reload: the new version only takes over when the person
 * chooses, and what they are typing is kept on the device (features/drafts), so a reload loses
 * nothing. Placed just under the header, never at the bottom where every composer sits (on a
 * phone the composer is the whole width); Later puts it away.
 */
export function UpdatePrompt() {
  const update = useUpdateReady();
  // Per kind: putting off the waiting version says nothing about one another tab has since switched to.
  const [dismissed, setDismissed] = useState<UpdateKind | null>(null);
  const [busy, setBusy] = useState(false);
  if (!update || dismissed === update.kind) return null;
  const text = TEXT[update.kind];
  return (
    <section aria-label="App update" data-testid="update-prompt"
      className="fixed inset-x-2 top-16 z-50 flex justify-center sm:inset-x-auto sm:right-4">
      <div role="status" className="flex w-full max-w-md flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-200 p-3 shadow-lg">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{text.title}</p>
          {text.detail && <p className="text-xs">{text.detail}</p>}
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDismissed(update.kind)}>Later</button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            update.apply();
          }}
        >
          Reload
        </button>
      </div>
    </section>
  );
}
