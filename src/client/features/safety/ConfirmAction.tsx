/**
 * A question before something that cannot be taken back (block, delete, leave): Cancel and Escape
 * cancel, the action runs with a spinner, and a refusal is said inside the dialog, which stays.
 */
import { useState, type ReactNode } from 'react';
import { Modal } from '../../ui/Modal';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; its Error's message is what the person reads. Resolves: the dialog closes. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmAction({ title, children, confirmLabel, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <Modal open title={title} onClose={onClose} closeLabel="Cancel"
      actions={(
        <button type="button" className="btn btn-error min-h-11" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {confirmLabel}
        </button>
      )}>
      <div className="flex flex-col gap-2 py-3">
        {children}
        {error && <p role="alert" className="msg-error text-sm">{error}</p>}
      </div>
    </Modal>
  );
}
