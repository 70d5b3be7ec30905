import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../src/client/features/chat/Composer';

afterEach(cleanup);

const box = () => screen.getByLabelText('Message') as HTMLInputElement;

describe('Composer', () => {
  it('sends trimmed text on Enter and clears the box only after the send resolved', async () => {
    let resolve!: () => void;
    const onSend = vi.fn(() => new Promise<void>((r) => { resolve = r; }));
    render(<Composer allowImage={false} onSend={onSend} placeholder="Message the group…" />);
    fireEvent.change(box(), { target: { value: '  hello there  ' } });
    fireEvent.submit(box().form!);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('hello there', null));
    expect(box().value).toBe('  hello there  ');
    resolve();
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('keeps the text and shows the error when storing fails', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('Your device is out of storage space')));
    render(<Composer allowImage onSend={onSend} placeholder="Type a message…" />);
    fireEvent.change(box(), { target: { value: 'do not lose me' } });
    fireEvent.submit(box().form!);
    await screen.findByText('Your device is out of storage space');
    expect(box().value).toBe('do not lose me');
  });

  it('refuses blank text: the button is disabled and nothing is sent', () => {
    const onSend = vi.fn(() => Promise.resolve());
    render(<Composer allowImage={false} onSend={onSend} placeholder="Message the group…" />);
    fireEvent.change(box(), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(box().form!);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('offers an image only where images are allowed', () => {
    const { rerender } = render(<Composer allowImage onSend={() => Promise.resolve()} placeholder="x" />);
    expect(screen.queryByLabelText('Attach an image')).not.toBeNull();
    rerender(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" />);
    expect(screen.queryByLabelText('Attach an image')).toBeNull();
  });
});
