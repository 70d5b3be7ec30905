/**
 * Settings' Blocked people and Your reports, and the profile's display name
 * (docs/community-safety.md), in jsdom against a fake API.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUser } from '../../../src/client/features/auth/session';
import { DisplayName } from '../../../src/client/features/profile/DisplayName';
import { BlockedPeople } from '../../../src/client/features/settings/BlockedPeople';
import { YourReports } from '../../../src/client/features/settings/YourReports';
import { AppToaster } from '../../../src/client/ui/Toasts';
import { REPORT_OUTCOME_TEXT, REPORT_REASON_LABELS, type MyReport } from '../../../src/shared/community';
import { ME, server, useSafetyDevice } from './harness';

vi.mock('../../../src/client/features/auth/session', async (importOriginal) => {
  const { currentEngine } = await import('../../../src/client/sync/current');
  return { ...(await importOriginal<object>()), useUser: () => currentEngine()!.user, setUser: vi.fn(async () => {}) };
});

const device = useSafetyDevice();
const NOOR = 'b0000000000000000000000b';
const report = (over: Partial<MyReport>): MyReport => ({
  _id: 'f00000000000000000000001', reason: 'harassment', note: '', status: 'open', outcome: null,
  target: { kind: 'message', id: 'd00000000000000000000001', label: 'Noor Haddad' }, createdAt: '2026-03-04T10:00:00.000Z', resolvedAt: null, ...over,
});

describe('Blocked people', () => {
  it('says when nobody is blocked, lists who is, and Unblock takes them off', async () => {
    server.routes({ [`DELETE /api/blocks/${NOOR}`]: { message: 'Unblocked' } });
    render(<><BlockedPeople /><AppToaster /></>);
    await screen.findByText("You haven't blocked anyone.");
    await device.db().blocks.put({ _id: NOOR, fullName: 'Noor Haddad', profilePic: '', blockedAt: '2026-03-04T10:00:00.000Z', synced: 1 });
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByText('Noor Haddad')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Unblock Noor Haddad' }));
    await screen.findByText("You haven't blocked anyone.");
    expect(server.called(`DELETE /api/blocks/${NOOR}`)).toHaveLength(1);
    await screen.findByText('You unblocked Noor Haddad.');
  });
});

describe('Your reports', () => {
  it('shows each report with its reason, target, status and outcome in words', async () => {
    server.routes({
      'GET /api/reports': [
        report({}),
        report({ _id: 'f00000000000000000000002', reason: 'spam', status: 'resolved', outcome: 'suspended', target: { kind: 'user', id: NOOR, label: 'Max Spammer' } }),
        report({ _id: 'f00000000000000000000003', reason: 'other', status: 'resolved', outcome: 'dismissed', target: { kind: 'group', id: 'e0000000000000000000000e', label: 'Calm Corner' } }),
      ],
    });
    render(<YourReports />);
    const items = await screen.findAllByTestId('my-report');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^${REPORT_REASON_LABELS.harassment}Open.*A message from Noor Haddad.*We're looking at it$`)),
      expect.stringMatching(new RegExp(`^${REPORT_REASON_LABELS.spam}Resolved.*Max Spammer.*${REPORT_OUTCOME_TEXT.suspended}$`)),
      expect.stringMatching(new RegExp(`^${REPORT_REASON_LABELS.other}Resolved.*The group Calm Corner.*${REPORT_OUTCOME_TEXT.dismissed}$`)),
    ]);
  });

  it('says calmly when they cannot be loaded, and Try again loads them', async () => {
    let fail = true;
    server.routes({ 'GET /api/reports': () => (fail ? { status: 503, body: { message: 'Haven is busy right now. Please try again shortly.', code: 'UNAVAILABLE' } } : { status: 200, body: [] }) });
    render(<YourReports />);
    expect((await screen.findByText(/We could not load your reports just now/)).textContent).toContain('Haven is busy right now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText("You haven't reported anything.");
  });
});

describe('Display name', () => {
  it('saves the chosen name, and an empty one resets to the full name', async () => {
    const answers = [{ ...ME, displayName: 'Sam R' }, { ...ME, displayName: null }];
    server.routes({ 'PUT /api/me/display-name': () => ({ status: 200, body: answers.shift() }) });
    render(<><DisplayName /><AppToaster /></>);
    const field = screen.getByLabelText('Display name') as HTMLInputElement;
    expect(screen.getByText(/Your full name stays visible to you, the professional who referred you, and Haven's team\./)).toBeTruthy();
    fireEvent.change(field, { target: { value: '  Sam R  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Display name saved');
    expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ displayName: 'Sam R' }));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Others will see your full name again');
    expect(server.called('PUT /api/me/display-name').map((c) => c.body)).toEqual([{ displayName: 'Sam R' }, { displayName: '' }]);
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('shows the server\'s refusal beside the field and keeps what was typed', async () => {
    server.routes({ 'PUT /api/me/display-name': () => ({ status: 400, body: { message: 'Please check the form', code: 'VALIDATION_FAILED', fields: { displayName: 'Please keep your display name under 40 characters' } } }) });
    render(<DisplayName />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Sam the very patient listener' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please keep your display name under 40 characters');
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Sam the very patient listener');
  });
});
