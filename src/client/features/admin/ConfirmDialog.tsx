import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal <dialog>: focus moves in, Escape cancels, focus returns to the opener when it closes. */
export function ConfirmDialog({ title, children, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-bold">{title}</h2>
        <div className="py-3">{children}</div>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>Cancel</button>
          <button type="button" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
