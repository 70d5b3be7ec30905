// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafetyPlanPage } from '../../../src/client/features/safety-plan/SafetyPlanPage';
import { BLANK_ITEM } from '../../../src/client/features/safety-plan/plan';
import { api } from '../../../src/client/net/api';
import { currentEngine, startEngine, stopEngine } from '../../../src/client/sync/current';
import type { AuthUser } from '../../../src/shared/api';

const me: AuthUser = {
  _id: 'b'.repeat(24), fullName: 'Sam Rivers', email: 'sam@example.com', role: 'user', status: 'verified', profilePic: '',
  referralCode: null, referredBy: 'c'.repeat(24), verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z',
};

vi.mock('../../../src/client/features/auth/session', () => ({ useUser: () => me }));
// Offline: the server's list never answers, the bundled one is used.
vi.mock('../../../src/client/features/help/resources', async (original) => ({
  ...(await original<typeof import('../../../src/client/features/help/resources')>()),
  refreshCrisisResources: async () => {},
}));

let n = 0;
beforeEach(async () => {
  n += 1;
  // A fresh database per test: the engine's database is named after the person.
  await startEngine({ ...me, _id: `${Date.now().toString(16).padStart(12, '0')}${String(n).padStart(12, '0')}` },
    { api, onUnauthorized: () => {}, realtime: false });
  await currentEngine()?.db.users.put({ _id: me.referredBy ?? '', fullName: 'Dr Lee', role: 'therapist', status: 'verified', profilePic: '', createdAt: '' });
});

afterEach(async () => {
  cleanup();
  const db = currentEngine()?.db;
  stopEngine();
  await db?.delete();
});

function renderPage() {
  const rootRoute = createRootRoute({ component: SafetyPlanPage });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/safety-plan'] }) });
  render(<RouterProvider router={router} />);
}

const section = (name: string) => screen.getByRole('region', { name });

async function add(sectionName: string, text: string) {
  const box = within(section(sectionName));
  fireEvent.change(box.getByRole('textbox', { name: `Add to ${sectionName}` }), { target: { value: text } });
  await act(async () => {
    fireEvent.click(box.getByRole('button', { name: 'Add' }));
  });
}

describe('the safety plan page', () => {
  it('shows the seven steps, says it stays on the device, and prefills the crisis lines and the referrer', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'My safety plan' });
    expect(screen.getByText(/Kept only on this device/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7));
    const pros = section('Professionals and crisis lines');
    await within(pros).findByText('988 Suicide & Crisis Lifeline (United States): Call or text 988');
    await within(pros).findByText('Dr Lee (therapist) — message them in Haven');
  });

  it('adds, refuses a blank line keeping the input, edits in place and removes', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: 'Add to Warning signs' });
    await add('Warning signs', '  Not sleeping ');
    const list = () => within(section('Warning signs')).getByRole('list', { name: 'Warning signs' });
    await within(section('Warning signs')).findByText('Not sleeping');
    const input = within(section('Warning signs')).getByRole('textbox', { name: 'Add to Warning signs' }) as HTMLInputElement;
    expect(input.value).toBe('');

    await add('Warning signs', '   ');
    expect((await within(section('Warning signs')).findByRole('alert')).textContent).toBe(BLANK_ITEM);
    expect(input.value).toBe('   ');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(within(list()).getByRole('button', { name: 'Edit Not sleeping' }));
    const edit = within(list()).getByRole('textbox', { name: 'Edit a line in Warning signs' });
    fireEvent.change(edit, { target: { value: 'Sleeping badly' } });
    await act(async () => {
      fireEvent.click(within(list()).getByRole('button', { name: 'Save' }));
    });
    await within(list()).findByText('Sleeping badly');

    await act(async () => {
      fireEvent.click(within(list()).getByRole('button', { name: 'Remove Sleeping badly' }));
    });
    await waitFor(() => expect(within(section('Warning signs')).queryByRole('list')).toBeNull());
  });

  it('Print opens the browser print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });
});
