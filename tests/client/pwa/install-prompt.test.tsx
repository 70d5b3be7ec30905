import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from '../../../src/client/pwa/InstallPrompt';
import { resetInstallState } from '../../../src/client/pwa/install-state';
import { LOCAL_KEYS } from '../../../src/client/state/local-keys';

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetInstallState();
});

/** Chromium's event as the app sees it, answering `outcome` when its dialog is used. */
function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    globalThis.dispatchEvent(event);
  });
  return event;
}

describe('the install offer', () => {
  it('shows nothing until the browser offers to install', () => {
    render(<InstallPrompt />);
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('holds the browser\'s own banner back and offers Install Haven, which opens the browser\'s dialog once', async () => {
    render(<InstallPrompt />);
    const event = offer('accepted');
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: 'Install Haven' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(screen.queryByTestId('install-prompt')).toBeNull());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Installed: nothing to remember, nothing shown.
    expect(localStorage.getItem(LOCAL_KEYS.installDismissed)).toBeNull();
  });

  it('Not now puts it away for good on this device, even when the browser offers again', () => {
    render(<InstallPrompt />);
    offer();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.installDismissed)).not.toBeNull();
    offer();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    // A new page load reads the same answer.
    resetInstallState();
    offer();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('a "no" in the browser\'s dialog is remembered like Not now', async () => {
    render(<InstallPrompt />);
    offer('dismissed');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.installDismissed)).not.toBeNull());
    offer();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('goes when the app is installed from the browser\'s menu', () => {
    render(<InstallPrompt />);
    offer();
    act(() => {
      globalThis.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });
});
