/**
 * Logout, confirmed in the one Modal, with "Also remove my data from this device" for a shared or
 * borrowed phone. Ticked while messages still wait in the outbox, the dialog says how many will be
 * lost before the person confirms. Cancel and Escape cancel; focus starts on "Log out".
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState } from 'react';
import { useEngine } from '../../sync/current';
import { Modal } from '../../ui/Modal';
import { useLogout } from './useLogout';

export function unsentWarning(count: number): string {
  return count === 1
    ? '1 message has not been sent yet and will be lost.'
    : `${count} messages have not been sent yet and will be lost.`;
}

/** Every row still in the outbox (queued, sending or failed): none of them is on the server. */
function useUnsentCount(): number {
  const engine = useEngine();
  return useLiveQuery(async () => (engine ? engine.db.outbox.count() : 0), [engine], 0);
}

export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const logout = useLogout();
  const unsent = useUnsentCount();
  const [removeData, setRemoveData] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const explanationId = useId();
  const warningId = useId();
  const warn = removeData && unsent > 0;

  async function onConfirm() {
    setBusy(true);
    // Signed out: this dialog is gone with the signed-in screen. Otherwise the failure toast says why.
    if (!(await logout({ removeData }))) setBusy(false);
  }

  return (
    <Modal open title="Log out?" onClose={busy ? () => {} : onClose} closeLabel="Cancel" initialFocus={confirm}
      actions={(
        <button ref={confirm} type="button" className={`btn min-h-11 ${removeData ? 'btn-error' : 'btn-primary'}`}
          disabled={busy} aria-describedby={warn ? warningId : undefined} onClick={() => void onConfirm()}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Log out
        </button>
      )}>
      <div className="flex flex-col gap-3 py-3">
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox checkbox-error mt-0.5" checked={removeData} disabled={busy}
            aria-describedby={warn ? `${explanationId} ${warningId}` : explanationId}
            onChange={(e) => setRemoveData(e.target.checked)} />
          <span className="font-medium">Also remove my data from this device</span>
        </label>
        <p id={explanationId} className="text-sm text-base-content/80">
          For a shared or borrowed phone: your diary, safety plan, saved messages and photos are deleted from this
          device. Your diary and safety plan exist only here, so{' '}
          <Link to="/diary" className="link" onClick={onClose}>export your diary</Link> first (the export includes your
          safety plan).
        </p>
        {/* Always in the page, so a screen reader hears the warning when ticking the box brings it. */}
        <div aria-live="polite">
          {warn && <p id={warningId} className="alert alert-warning text-sm">{unsentWarning(unsent)}</p>}
        </div>
      </div>
    </Modal>
  );
}
