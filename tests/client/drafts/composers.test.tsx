import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../src/client/features/chat/Composer';
import { EntryForm } from '../../../src/client/features/diary/EntryForm';
import { draftStorageKey } from '../../../src/client/state/local-keys';

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
vi.mock('../../../src/client/features/auth/session', () => ({
  useSession: () => ({ user: { _id: ME } }),
  getSession: () => ({ user: { _id: ME } }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const box = () => screen.getByLabelText('Message') as HTMLInputElement;
const KEY = draftStorageKey(ME, 'dm:bbbbbbbbbbbbbbbbbbbbbbbb');

describe('a composer keeps its unsent text on the device', () => {
  it('writes a moment after typing, or at once when the page is hidden, and brings it back', () => {
    vi.useFakeTimers();
    const { unmount } = render(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" draftKey="dm:bbbbbbbbbbbbbbbbbbbbbbbb" />);
    fireEvent.change(box(), { target: { value: 'I wanted to say' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(localStorage.getItem(KEY)).toBe('I wanted to say');
    fireEvent.change(box(), { target: { value: 'I wanted to say thank you' } });
    // A reload before the moment passed: pagehide writes what waits.
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    expect(localStorage.getItem(KEY)).toBe('I wanted to say thank you');
    unmount();
    render(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" draftKey="dm:bbbbbbbbbbbbbbbbbbbbbbbb" />);
    expect(box().value).toBe('I wanted to say thank you');
  });

  it('is cleared once the message is stored, keeping only words typed meanwhile', async () => {
    let stored!: () => void;
    render(<Composer allowImage={false} onSend={() => new Promise<void>((r) => { stored = r; })} placeholder="x" draftKey="dm:bbbbbbbbbbbbbbbbbbbbbbbb" />);
    fireEvent.change(box(), { target: { value: 'first' } });
    fireEvent.submit(box().form!);
    await waitFor(() => expect(stored).toBeTypeOf('function'));
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    expect(localStorage.getItem(KEY)).toBe('first');
    await act(async () => stored());
    await waitFor(() => expect(box().value).toBe(''));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('sent from another tab, the same words empty here; leaving writes what the box holds even if that tab removed it', () => {
    localStorage.setItem(KEY, 'see you at group');
    const { unmount } = render(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" draftKey="dm:bbbbbbbbbbbbbbbbbbbbbbbb" />);
    expect(box().value).toBe('see you at group');
    localStorage.removeItem(KEY);
    act(() => {
      globalThis.dispatchEvent(new StorageEvent('storage', { key: KEY, oldValue: 'see you at group', newValue: null }));
    });
    expect(box().value).toBe('');
    unmount();

    vi.useFakeTimers();
    render(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" draftKey="dm:bbbbbbbbbbbbbbbbbbbbbbbb" />);
    fireEvent.change(box(), { target: { value: 'only here' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(localStorage.getItem(KEY)).toBe('only here');
    // Removed elsewhere (another tab cleared an older draft), with nothing waiting to be written here.
    localStorage.removeItem(KEY);
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    expect(localStorage.getItem(KEY)).toBe('only here');
  });

  it('a composer without a draft key keeps nothing', () => {
    render(<Composer allowImage={false} onSend={() => Promise.resolve()} placeholder="x" />);
    fireEvent.change(box(), { target: { value: 'private' } });
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    expect(localStorage.length).toBe(0);
  });
});

describe("the diary's new-entry form keeps its title and content", () => {
  it('across a remount, and clears them after a successful save only', async () => {
    const onSave = vi.fn(async () => false);
    const { unmount } = render(<EntryForm onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Tuesday' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'A long walk.' } });
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    unmount();
    render(<EntryForm onSave={onSave} />);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Tuesday');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('A long walk.');
    // Refused (say, storage full): still there.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Entry' })));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Tuesday');
    onSave.mockResolvedValue(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Entry' })));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect(localStorage.getItem(draftStorageKey(ME, 'diary:new'))).toBeNull();
  });
});
