// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiaryPage } from '../../../src/client/features/diary/DiaryPage';
import { api } from '../../../src/client/net/api';
import { currentEngine, startEngine, stopEngine } from '../../../src/client/sync/current';
import { AppToaster } from '../../../src/client/ui/Toasts';
import type { AuthUser } from '../../../src/shared/api';

const person = (): AuthUser => ({
  _id: `${Date.now().toString(16).padStart(12, '0')}${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
  fullName: 'Sam Rivers', email: 'sam@example.com', role: 'user', status: 'verified', profilePic: '', referralCode: null,
  referredBy: null, verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z',
});

beforeEach(async () => {
  localStorage.clear();
  Object.defineProperty(navigator, 'storage', { value: { persist: async () => true }, configurable: true });
  // Awaited: whether the engine starts at once or after loading its module, the diary needs its database.
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

function renderDiary() {
  const rootRoute = createRootRoute({ component: () => <><DiaryPage /><AppToaster /></> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/diary'] }) });
  render(<RouterProvider router={router} />);
}

describe('deleting a diary entry', () => {
  it("offers Undo with the spec's 'Entry deleted', and Undo brings back the very entry", async () => {
    const db = currentEngine()!.db;
    const entry = { id: '1767000000000', title: 'Morning', content: 'Slept well.\nTea.', date: '2026-01-01T08:00:00.000Z' };
    renderDiary();
    await screen.findByText('No entries yet.');
    await act(async () => {
      await db.diary.add(entry);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete entry: Morning' }));
    });
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
    await waitFor(async () => expect(await db.diary.count()).toBe(0));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    await waitFor(async () => expect(await db.diary.get(entry.id)).toEqual(entry));
    expect(await screen.findByRole('button', { name: 'Delete entry: Morning' })).toBeTruthy();
  });
});

describe('the diary when the storage cannot be read', () => {
  it('says so with Reload, never "No entries yet."', async () => {
    const db = currentEngine()!.db;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // What a broken IndexedDB does: the read is refused.
    const refused = { reverse: () => refused, toArray: () => Promise.reject(new Error('UnknownError: the storage is broken')) };
    vi.spyOn(db.diary, 'orderBy').mockReturnValue(refused as unknown as ReturnType<typeof db.diary.orderBy>);
    renderDiary();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Haven could not open the storage on this device');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('No entries yet.')).toBeNull();
  });
});
