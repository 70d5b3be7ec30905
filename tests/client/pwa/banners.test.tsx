import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT, OfflineBanner } from '../../../src/client/pwa/OfflineBanner';
import { StorageStatus } from '../../../src/client/pwa/StorageStatus';
import { UpdatePrompt } from '../../../src/client/pwa/UpdatePrompt';
import { requestPersistentStorage } from '../../../src/client/pwa/storage';
import { setUpdateReady } from '../../../src/client/pwa/update-state';

afterEach(() => {
  cleanup();
  setUpdateReady(null);
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the offline banner', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    onLine.mockReturnValue(false);
    act(() => {
      globalThis.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    // A calm notice, not an alert.
    expect(screen.queryByRole('alert')).toBeNull();
    onLine.mockReturnValue(true);
    act(() => {
      globalThis.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });
});

describe('the update prompt', () => {
  it('shows only when a new version waits, and Reload applies it once', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).toBeNull();
    const apply = vi.fn();
    act(() => setUpdateReady(apply));
    expect(screen.getByText('A new version is available')).toBeTruthy();
    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    expect((reload as HTMLButtonElement).disabled).toBe(true);
  });

  it('can be put off with Later', () => {
    render(<UpdatePrompt />);
    act(() => setUpdateReady(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).toBeNull();
  });
});

describe('the storage status in settings', () => {
  it('says not asked yet, then what the browser answered', async () => {
    render(<StorageStatus />);
    expect(screen.getByTestId('storage-status').textContent).toContain('Not asked yet');
    await act(async () => {
      await requestPersistentStorage({ persist: async () => true });
    });
    expect(screen.getByTestId('storage-status').textContent).toContain('Granted');
  });
});
