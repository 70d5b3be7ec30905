/** A tap outside a dismissable Modal (the help sheet) closes it; inside, or on any other dialog, it does not. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../src/client/ui/Modal';

function Page({ dismissOnOutside }: { dismissOnOutside: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title="Get help now" onClose={() => setOpen(false)} dismissOnOutside={dismissOnOutside}>
      <p>Call or text a line</p>
    </Modal>
  );
}

/** A press and release on `target`, as a tap makes. */
function tap(down: Element, up: Element = down) {
  fireEvent.pointerDown(down);
  fireEvent.click(up === down ? down : up);
}

beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
});
afterEach(cleanup);

describe('a tap outside the dialog', () => {
  it('closes a dismissable one, and a tap inside does not', () => {
    render(<Page dismissOnOutside />);
    const dialog = screen.getByRole('dialog', { name: 'Get help now' });
    tap(screen.getByText('Call or text a line'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    // A press that began inside (selecting text) and ended outside is not a tap outside.
    fireEvent.pointerDown(screen.getByText('Call or text a line'));
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    tap(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves any other dialog open', () => {
    render(<Page dismissOnOutside={false} />);
    tap(screen.getByRole('dialog', { name: 'Get help now' }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});
