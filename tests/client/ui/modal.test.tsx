/** The one Modal (ui/Modal) in jsdom: named by its title, focus in and back out, Close, Escape, actions. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/client/features/admin/ConfirmDialog';
import { Modal } from '../../../src/client/ui/Modal';

/** A page with an opener button and the modal it controls. */
function Page({ withFocusTarget = false, actions }: { withFocusTarget?: boolean; actions?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open it</button>
      <Modal open={open} title="A calm title" onClose={() => setOpen(false)} actions={actions}
        initialFocus={withFocusTarget ? input : undefined}>
        <p>Body text</p>
        <a href="tel:988">Call 988</a>
        <input ref={input} aria-label="Your note" />
      </Modal>
    </>
  );
}

function openFromButton() {
  const opener = screen.getByRole('button', { name: 'Open it' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'A calm title' }) };
}

beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Modal', () => {
  it('is not in the page while closed, and opens as a modal dialog named by its title', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const { dialog } = openFromButton();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.classList.contains('modal')).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'A calm title' })).toBeTruthy();
    expect(dialog.textContent).toContain('Body text');
  });

  it('moves focus to its title (not the first link), and back to the opener on Close', () => {
    render(<Page />);
    const { opener, dialog } = openFromButton();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'A calm title' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('moves focus to the element it is given', () => {
    render(<Page withFocusTarget />);
    const { dialog } = openFromButton();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Your note' }));
  });

  it('closes on Escape (the dialog\'s cancel), keeping the decision with React, and focus goes back', () => {
    render(<Page />);
    const { opener, dialog } = openFromButton();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    // The browser's own close is prevented: the `open` prop closed it.
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('follows a close the browser forced (a second quick Escape closes without a cancellable cancel)', () => {
    render(<Page />);
    const { opener, dialog } = openFromButton();
    act(() => {
      (dialog as HTMLDialogElement).close();
      dialog.dispatchEvent(new Event('close'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('puts its actions after the Close button', () => {
    const onConfirm = vi.fn();
    render(<Page actions={<button type="button" onClick={onConfirm}>Confirm</button>} />);
    const { dialog } = openFromButton();
    const buttons = within(dialog).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Close', 'Confirm']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog (on Modal)', () => {
  function Admin({ onConfirm }: { onConfirm: () => void }) {
    const [asking, setAsking] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setAsking(true)}>Delete Ana</button>
        {asking && (
          <ConfirmDialog title="Delete this user?" confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={() => setAsking(false)}>
            This cannot be undone.
          </ConfirmDialog>
        )}
      </>
    );
  }

  it('asks, cancels with Cancel or Escape, returns focus, and confirms', () => {
    const onConfirm = vi.fn();
    render(<Admin onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete Ana' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(opener);
    dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.classList.contains('btn-error')).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
