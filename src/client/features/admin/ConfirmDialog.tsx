import type { ReactNode } from 'react';
import { Modal } from '../../ui/Modal';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation in the one Modal (ui/Modal): Cancel and Escape cancel, focus returns to the opener. */
export function ConfirmDialog({ title, children, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal open title={title} onClose={onCancel} closeLabel="Cancel"
      actions={(
        <button type="button" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {confirmLabel}
        </button>
      )}>
      <div className="py-3">{children}</div>
    </Modal>
  );
}
