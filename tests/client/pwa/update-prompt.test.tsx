import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '../../../src/client/pwa/UpdatePrompt';
import { setUpdateReady } from '../../../src/client/pwa/update-state';

afterEach(() => {
  cleanup();
  setUpdateReady(null);
});

describe('the update prompt when another tab switched versions', () => {
  it('says a new version is ready instead of reloading, and reloads only on Reload', () => {
    render(<UpdatePrompt />);
    const reload = vi.fn();
    act(() => setUpdateReady(reload, 'active'));
    expect(screen.getByText('A new version is ready')).toBeTruthy();
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('comes back after Later on the waiting version once another tab has switched', () => {
    render(<UpdatePrompt />);
    act(() => setUpdateReady(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => setUpdateReady(() => {}, 'active'));
    expect(screen.getByText('A new version is ready')).toBeTruthy();
  });
});
