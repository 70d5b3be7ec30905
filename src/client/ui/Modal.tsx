/**
 * The one modal: a native <dialog> opened with showModal() (the browser keeps focus inside it and
 * makes the page behind inert), in daisyUI's `modal` classes. Whether it is open is the `open`
 * prop; the dialog never closes itself behind React's back: Escape (the dialog's `cancel`) and
 * the Close button ask `onClose`. On opening, focus goes to `initialFocus` or else to the title,
 * which names the dialog; on closing it returns to whatever had it before (the opener).
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

export interface ModalProps {
  open: boolean;
  /** The heading, and the dialog's accessible name. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons after the Close button (e.g. a confirmation). */
  actions?: ReactNode;
  /** The Close button's words ('Cancel' beside a confirmation). */
  closeLabel?: string;
  /** Where focus goes on opening; the title when absent (so a stray Enter presses nothing). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Shown before the title. */
  icon?: ReactNode;
  /** The title's size: 'text-lg' unless given. */
  titleClassName?: string;
  /**
   * A tap or click outside the box closes it (asks `onClose`), as a sheet of information should.
   * Off by default: a dialog with a form or a choice must not lose it to a stray tap.
   */
  dismissOnOutside?: boolean;
}

export function Modal(props: ModalProps) {
  // Closed is not rendered at all: nothing hidden stays in the page for a screen reader or a test.
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, actions, closeLabel = 'Close', initialFocus, icon, titleClassName = 'text-lg', dismissOnOutside = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  /** Set when this component closes the dialog itself (unmounting), so that close is not reported back. */
  const closing = useRef(false);
  // Focus moves once, on opening: a new initialFocus ref later does not pull it back.
  const focusTarget = useRef(initialFocus);
  /** Whether the press began outside the box: a drag from inside (selecting text) that ends outside is not a tap outside. */
  const pressedOutside = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closing.current = false;
    if (dialog && !dialog.open) dialog.showModal();
    (focusTarget.current?.current ?? heading.current)?.focus();
    return () => {
      closing.current = true;
      if (dialog?.open) dialog.close();
      // The opener may be gone (a deleted row's button); then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const titleElement = (
    <h2 id={titleId} ref={heading} tabIndex={-1} className={`${titleClassName} font-bold outline-none`}>{title}</h2>
  );
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}
      // Escape: React decides, so the dialog and the `open` prop never disagree.
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      // A browser may still close it without a cancellable `cancel` (a second quick Escape): follow it.
      // Not a close of our own, nor a stale one from before a reopening (StrictMode's second effect).
      onClose={() => { if (!closing.current && !ref.current?.open) onClose(); }}
      // The dialog element itself spans the screen behind the box: a press on it is outside the box.
      onPointerDown={(e) => { pressedOutside.current = e.target === e.currentTarget; }}
      onClick={(e) => {
        if (dismissOnOutside && pressedOutside.current && e.target === e.currentTarget) onClose();
        pressedOutside.current = false;
      }}>
      <div className="modal-box">
        {icon ? <div className="flex items-center gap-2">{icon}{titleElement}</div> : titleElement}
        {children}
        <div className="modal-action">
          <button type="button" className={actions ? 'btn btn-ghost min-h-11' : 'btn min-h-11'} onClick={onClose}>{closeLabel}</button>
          {actions}
        </div>
      </div>
    </dialog>
  );
}
