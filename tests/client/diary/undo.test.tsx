// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentEngine } from '../../../src/client/sync/current';
import { renderDiary, useDiaryDevice } from './device';

useDiaryDevice();

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
