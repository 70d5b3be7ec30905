/**
 * "Install Haven": a quiet card on the dashboard when the browser can install the app, with
 * Install and Not now. Never on the sign-in screen: it belongs to someone already using Haven.
 */
import { useState } from 'react';
import { dismissInstall, install, useInstallOffer } from './install-state';

export function InstallPrompt() {
  const offered = useInstallOffer();
  const [busy, setBusy] = useState(false);
  if (!offered) return null;
  return (
    <section aria-labelledby="install-title" data-testid="install-prompt"
      className="mt-6 flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-200 p-4">
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="install-title" className="font-semibold">Install Haven</h2>
        <p className="text-sm">Open Haven from your home screen like any app. It works offline too.</p>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismissInstall}>Not now</button>
        <button type="button" className="btn btn-primary btn-sm" disabled={busy}
          onClick={() => {
            setBusy(true);
            void install().finally(() => setBusy(false));
          }}>
          Install
        </button>
      </div>
    </section>
  );
}
