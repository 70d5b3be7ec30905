/**
 * One person's device for the diary's jsdom tests: a new person (so a fresh Dexie database) each
 * test, a StorageManager stand-in (jsdom has none), and the page with its toasts on a memory router.
 */
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { DiaryPage } from '../../../src/client/features/diary/DiaryPage';
import { api } from '../../../src/client/net/api';
import { currentEngine, startEngine, stopEngine } from '../../../src/client/sync/current';
import { AppToaster } from '../../../src/client/ui/Toasts';
import type { AuthUser } from '../../../src/shared/api';

let n = 0;
const person = (): AuthUser => {
  n += 1;
  return {
    _id: `${Date.now().toString(16).padStart(12, '0')}${String(n).padStart(12, '0')}`, fullName: 'Sam Rivers', email: 'sam@example.com',
    role: 'user', status: 'verified', profilePic: '', referralCode: null, referredBy: null, verificationRequest: false,
    verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z',
  };
};

/** Registers the per-test set-up; `persist` is this test's navigator.storage.persist. */
export function useDiaryDevice(): { persist: ReturnType<typeof vi.fn> } {
  const device = { persist: vi.fn(async () => true) };
  beforeEach(async () => {
    localStorage.clear();
    device.persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist: device.persist }, configurable: true });
    // The local store only: no socket, no network (the diary never uses either). Awaited: the
    // engine's module loads lazily, and the diary needs its database.
    await startEngine(person(), { api, onUnauthorized: () => {}, realtime: false });
  });
  afterEach(async () => {
    cleanup();
    toast.remove();
    vi.restoreAllMocks();
    const db = currentEngine()?.db;
    stopEngine();
    await db?.delete();
    Reflect.deleteProperty(navigator, 'storage');
  });
  return device;
}

export function renderDiary(): void {
  const rootRoute = createRootRoute({ component: () => <><DiaryPage /><AppToaster /></> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/diary'] }) });
  render(<RouterProvider router={router} />);
}
