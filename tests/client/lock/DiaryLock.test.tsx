/**
 * The diary lock on the diary page (jsdom, fake-indexeddb): the plain warning before it is turned
 * on, the recovery code shown once, the unlock screen that refuses a wrong passcode and opens with
 * the right one, and a recovery-code unlock that asks for a new passcode.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentEngine } from '../../../src/client/sync/current';
import { forget } from '../../../src/client/features/lock/keyring';
import { renderDiary, useDiaryDevice } from '../diary/device';
import { rawDump } from './fixtures';

// The flows as they are, with Argon2id made cheap: keys.test.ts checks the real parameters.
vi.mock('../../../src/client/features/lock/kdf', async (importOriginal) => ({
  ...(await importOriginal<object>()), KDF_PARAMS: { alg: 'argon2id', memoryKiB: 64, iterations: 1, parallelism: 1 },
}));

useDiaryDevice();

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = async (name: string | RegExp) => act(async () => {
  fireEvent.click(screen.getByRole('button', { name }));
});

async function writeEntry(title: string, content: string) {
  type('Title', title);
  type('Content', content);
  await click('Save Entry');
  await screen.findByText('Diary entry saved!');
}

async function turnOnLock(passcode: string, leaveAndCome = false): Promise<string> {
  await click('Lock my diary…');
  expect(screen.getByText(/nobody can open your diary again: not you, not Haven, not anyone/)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole('checkbox', { name: /without my passcode or my recovery code, my diary cannot be read/ }));
  await click('Continue');
  type('New passcode', passcode);
  type('New passcode again', passcode);
  await click('Turn on the lock');
  const code = (await screen.findByTestId('recovery-code', {}, { timeout: 15_000 })).textContent ?? '';
  if (leaveAndCome) {
    // The page is left and opened again before the code was acknowledged: it is still there, the same.
    cleanup();
    renderDiary();
    expect((await screen.findByTestId('recovery-code')).textContent).toBe(code);
  }
  await click('I have kept it safe');
  return code;
}

describe('the diary lock on the diary page', () => {
  it('warns, shows the recovery code once, and after locking asks for the passcode, refusing a wrong one', async () => {
    renderDiary();
    await screen.findByText('No entries yet.');
    await writeEntry('Lighthouse morning', 'Walked to the lighthouse with Ada.');
    const code = await turnOnLock('246810', true);
    expect(code).toMatch(/^([2-9A-Z]{4}-){5}[2-9A-Z]{4}$/);
    expect(screen.queryByTestId('recovery-code')).toBeNull();

    // Still open in this tab, and nothing readable at rest.
    const list = await screen.findByRole('list', { name: 'Diary entries' });
    expect(within(list).getByText('Lighthouse morning')).toBeTruthy();
    const db = currentEngine()!.db;
    expect(await rawDump(db.name)).not.toMatch(/Lighthouse|lighthouse with Ada/);

    await click('Lock now');
    expect(await screen.findByRole('heading', { name: 'Your diary is locked' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Diary entries' })).toBeNull();

    type('Passcode', '135790');
    await click('Unlock');
    expect((await screen.findByRole('alert')).textContent).toContain('That passcode is not right');
    expect(screen.queryByText('Lighthouse morning')).toBeNull();

    type('Passcode', '246810');
    await click('Unlock');
    expect(await screen.findByText('Lighthouse morning')).toBeTruthy();
  });

  it('opens with the recovery code and then asks for a new passcode', async () => {
    renderDiary();
    await screen.findByText('No entries yet.');
    await writeEntry('Quiet evening', 'Marmalade toast.');
    const code = await turnOnLock('a calm passphrase');
    act(() => forget());
    await screen.findByRole('heading', { name: 'Your diary is locked' });
    await click('Use my recovery code instead');
    type('Recovery code', code.toLowerCase());
    await click('Unlock');
    expect(await screen.findByRole('heading', { name: 'Choose a new passcode' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Choose a new passcode' });
    fireEvent.change(within(form).getByLabelText('New passcode'), { target: { value: '97531086' } });
    fireEvent.change(within(form).getByLabelText('New passcode again'), { target: { value: '97531086' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Change passcode' }));
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose a new passcode' })).toBeNull());
    act(() => forget());
    await screen.findByRole('heading', { name: 'Your diary is locked' });
    type('Passcode', '97531086');
    await click('Unlock');
    expect(await screen.findByText('Quiet evening')).toBeTruthy();
  });
});
