/**
 * The report dialog (docs/community-safety.md): every reason offered in words, an optional note
 * with its counter, a refusal said in the dialog with what was typed kept, the server's thank-you,
 * and "Block <name>" offered in the same flow for a person or a message (never for a group).
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportDialog, type ReportTarget } from '../../../src/client/features/safety/ReportDialog';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS } from '../../../src/shared/community';
import { server, useSafetyDevice } from './harness';

const device = useSafetyDevice();
const NOOR = { _id: 'b0000000000000000000000b', fullName: 'Noor Haddad', profilePic: '' };
const THANKS = 'Thank you for telling us. Haven\'s team will look at it.';
const dialog = () => screen.getByRole('dialog');

function open(target: ReportTarget) {
  const onClose = vi.fn();
  render(<ReportDialog target={target} onClose={onClose} />);
  return onClose;
}

describe('the report dialog', () => {
  it('offers every reason, asks for one, counts the note, and sends the report', async () => {
    server.routes({ 'POST /api/reports': { _id: 'f00000000000000000000001', message: THANKS } });
    open({ kind: 'message', messageId: 'd00000000000000000000009', name: 'Noor Haddad', person: NOOR });
    expect(screen.getByRole('heading', { name: 'Report a message from Noor Haddad' })).toBeTruthy();
    const reasons = within(dialog()).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual(REPORT_REASONS.map((r) => REPORT_REASON_LABELS[r]));

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a reason');
    expect(server.called('POST /api/reports')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    const note = screen.getByLabelText('Anything else we should know? (optional)') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(REPORT_NOTE_MAX_LENGTH);
    fireEvent.change(note, { target: { value: '  keeps mocking me  ' } });
    expect(screen.getByText(`20/${REPORT_NOTE_MAX_LENGTH}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('status')).textContent).toBe(THANKS);
    expect(server.called('POST /api/reports').map((c) => c.body)).toEqual([
      { messageId: 'd00000000000000000000009', reason: 'harassment', note: 'keeps mocking me' },
    ]);
  });

  it('says a refusal in the dialog and keeps the reason and the note', async () => {
    let refuse = true;
    server.routes({
      'POST /api/reports': () => (refuse
        ? { status: 429, body: { message: 'You have sent many reports in a short time. Please try again later.', code: 'RATE_LIMITED' } }
        : { status: 201, body: { _id: 'f00000000000000000000002', message: THANKS } }),
    });
    const onClose = open({ kind: 'user', userId: NOOR._id, name: 'Noor Haddad', person: NOOR });
    fireEvent.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    fireEvent.change(screen.getByLabelText('Anything else we should know? (optional)'), { target: { value: 'links to a scam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have sent many reports in a short time. Please try again later.');
    expect((screen.getByRole('radio', { name: REPORT_REASON_LABELS.spam }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Anything else we should know? (optional)') as HTMLTextAreaElement).value).toBe('links to a scam');
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(THANKS);
    expect(server.called('POST /api/reports').at(-1)?.body).toEqual({ userId: NOOR._id, reason: 'spam', note: 'links to a scam' });
  });

  it('offers to block the person after the thank-you, and Close closes', async () => {
    server.routes({ 'POST /api/reports': { _id: 'f00000000000000000000003', message: THANKS }, [`PUT /api/blocks/${NOOR._id}`]: { message: 'Blocked' } });
    const onClose = open({ kind: 'user', userId: NOOR._id, name: 'Noor Haddad', person: NOOR });
    fireEvent.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS['personal-info'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(THANKS);
    expect(dialog().textContent).toContain("They won't be told. You won't see their messages or they your online status.");
    fireEvent.click(screen.getByRole('button', { name: 'Block Noor Haddad' }));
    await screen.findByText('You blocked Noor Haddad.');
    expect(server.called(`PUT /api/blocks/${NOOR._id}`)).toHaveLength(1);
    await waitFor(async () => expect(await device.db().blocks.get(NOOR._id)).toMatchObject({ fullName: 'Noor Haddad', synced: 1 }));
    expect(screen.queryByRole('button', { name: 'Block Noor Haddad' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a group report offers no block', async () => {
    server.routes({ 'POST /api/reports': { _id: 'f00000000000000000000004', message: THANKS } });
    open({ kind: 'group', groupId: 'e0000000000000000000000e', name: 'Calm Corner' });
    expect(screen.getByRole('heading', { name: 'Report Calm Corner' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(THANKS);
    expect(server.called('POST /api/reports')[0]?.body).toEqual({ groupId: 'e0000000000000000000000e', reason: 'other' });
    expect(screen.queryByRole('button', { name: /^Block/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
