// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '../../../src/client/state/local-keys';
import { currentEngine } from '../../../src/client/sync/current';
import { renderDiary, useDiaryDevice } from './device';

const device = useDiaryDevice();

async function write(title: string, content: string) {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
  fireEvent.change(screen.getByLabelText('Content'), { target: { value: content } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
  });
}

const entryButtons = () => within(screen.getByRole('list', { name: 'Diary entries' })).getAllByRole('button').filter((b) => !b.getAttribute('aria-label'));

describe('the diary page', () => {
  it('shows the spec texts and the empty state', async () => {
    renderDiary();
    expect(await screen.findByRole('heading', { name: 'Your Personal Diary' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(screen.getByText('Create your first diary entry!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New Entry' })).toBeTruthy();
  });

  it('refuses an incomplete entry with the spec message and keeps the text', async () => {
    renderDiary();
    await screen.findByText('No entries yet.');
    await write('Only a title', '');
    expect(await screen.findByText('Please fill in both title and content')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Only a title');
    expect(await currentEngine()?.db.diary.count()).toBe(0);
  });

  it('saves to the top, resets the form, asks for persistent storage once; select, New Entry, delete', async () => {
    renderDiary();
    await screen.findByText('No entries yet.');
    await write('Morning', 'Slept well.');
    expect(await screen.findByText('Diary entry saved!')).toBeTruthy();
    await waitFor(() => expect(entryButtons().map((b) => b.textContent)).toHaveLength(1));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.storagePersisted)).toBe('granted'));

    await new Promise((r) => setTimeout(r, 5));
    await write('Evening', 'A long walk.\nThen tea.');
    await waitFor(() => expect(entryButtons()).toHaveLength(2));
    expect(entryButtons()[0]?.textContent).toContain('Evening');
    expect(entryButtons()[1]?.textContent).toContain('Morning');
    expect(device.persist).toHaveBeenCalledTimes(1);

    // Select: the entry shows with its content, and a New Entry button instead of the form.
    fireEvent.click(entryButtons()[1] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Morning', level: 2 })).toBeTruthy();
    expect(screen.getByText('Slept well.')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New Entry' }));
    expect(await screen.findByLabelText('Title')).toBeTruthy();

    // Delete the selected entry: it goes, the selection goes with it, and the form is back.
    fireEvent.click(entryButtons()[1] as HTMLElement);
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete entry: Morning' }));
    });
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
    await waitFor(() => expect(entryButtons()).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Morning', level: 2 })).toBeNull();
    expect(screen.getByLabelText('Title')).toBeTruthy();
    expect((await currentEngine()?.db.diary.toArray())?.map((e) => e.title)).toEqual(['Evening']);
  });
});
