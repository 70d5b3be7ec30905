/**
 * /admin's moderation (docs/community-safety.md) through the real route tree in jsdom, against a
 * small fake server that keeps state: the queue shows each open report in context, each action
 * calls its endpoint and the report leaves the queue, suspensions can be lifted from a report card
 * and from the log, the audit log lists who did what, when and why, and each group's guidelines can
 * be edited.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/client/routeTree.gen';
import { setUser } from '../../src/client/features/auth/session';
import type { AdminGroup, AdminStats, AuthUser } from '../../src/shared/api';
import { REPORT_OUTCOME_TEXT, REPORT_REASON_LABELS, type AdminReport, type ModerationEntry, type ReportAction } from '../../src/shared/community';
import { DEFAULT_GROUP_GUIDELINES } from '../../src/shared/guidelines';

type Answer = { status: number; body: unknown };
type Call = { route: string; body: unknown };
const calls: Call[] = [];

const ADMIN: AuthUser = {
  _id: '0123456789abcdef01234567', fullName: 'Ada Admin', email: 'ada@example.com', role: 'admin', status: 'verified',
  profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '',
  createdAt: '2026-01-02T03:04:05.000Z',
};
const SAM = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const MAX = 'aaaaaaaaaaaaaaaaaaaaaaa3';
const RAE = 'aaaaaaaaaaaaaaaaaaaaaaa4';
const STATS: AdminStats = { total: 3, users: 3, therapists: 0, ngos: 0, volunteers: 0, verified: 3, pending: 0 };
const GROUP = { _id: 'bbbbbbbbbbbbbbbbbbbbbbb1', name: 'Calm Exams', type: 'academic', description: 'Study stress', members: [], createdAt: '2026-01-01T00:00:00.000Z' } as AdminGroup;
const at = (minute: number) => `2026-03-04T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** A report of Sam's message in Calm Exams, with two lines around it. */
const messageReport = (): AdminReport => ({
  _id: 'cccccccccccccccccccccc01', reason: 'harassment', note: 'Keeps mocking people who struggle', status: 'open', outcome: null,
  target: { kind: 'message', id: 'dddddddddddddddddddddd02', label: 'Sam Rivers' }, createdAt: at(20), resolvedAt: null,
  reporter: { _id: RAE, fullName: 'Rae Reporter' }, subject: { _id: SAM, fullName: 'Sam Rivers', suspended: false },
  reportedText: 'you are all pathetic',
  context: [
    { _id: 'dddddddddddddddddddddd01', senderName: 'Rae Reporter', text: 'exams are so hard this week', createdAt: at(10), reported: false, deleted: false },
    { _id: 'dddddddddddddddddddddd02', senderName: 'Sam Rivers', text: 'you are all pathetic', createdAt: at(11), reported: true, deleted: false },
    { _id: 'dddddddddddddddddddddd03', senderName: 'Rae Reporter', text: 'that hurts', createdAt: at(12), reported: false, deleted: false },
  ],
  resolvedBy: null, resolutionNote: '',
});
/** A report of a person who is already suspended. */
const personReport = (): AdminReport => ({
  _id: 'cccccccccccccccccccccc02', reason: 'spam', note: '', status: 'open', outcome: null,
  target: { kind: 'user', id: MAX, label: 'Max Spammer' }, createdAt: at(30), resolvedAt: null,
  reporter: { _id: RAE, fullName: 'Rae Reporter' }, subject: { _id: MAX, fullName: 'Max Spammer', suspended: true },
  reportedText: null, context: [], resolvedBy: null, resolutionNote: '',
});

const OUTCOME = { dismiss: 'dismissed', 'remove-message': 'message-removed', suspend: 'suspended' } as const;

/** The server as the contract describes it, kept in memory. */
function moderationServer(opts: { reports?: AdminReport[]; failResolve?: Answer } = {}) {
  const reports = opts.reports ?? [messageReport(), personReport()];
  const suspended = new Set(reports.filter((r) => r.subject?.suspended).map((r) => r.subject!._id));
  const log: ModerationEntry[] = [{
    _id: 'eeeeeeeeeeeeeeeeeeeeee01', actor: { _id: ADMIN._id, fullName: 'Ada Admin' }, action: 'suspend', subjectUserId: MAX,
    messageId: null, reportId: null, groupId: null, note: 'Scam links in five groups', createdAt: at(5),
  }];
  let guidelines: string | null = 'Be gentle with each other.';
  let n = 1;
  const enter = (action: ModerationEntry['action'], fields: Partial<ModerationEntry>, note = '') =>
    log.unshift({ _id: `eeeeeeeeeeeeeeeeeeeee1${String(n++).padStart(2, '0')}`, actor: { _id: ADMIN._id, fullName: 'Ada Admin' }, action,
      subjectUserId: null, messageId: null, reportId: null, groupId: null, note, createdAt: at(40 + n), ...fields });
  const withFlags = (r: AdminReport): AdminReport => (r.subject ? { ...r, subject: { ...r.subject, suspended: suspended.has(r.subject._id) } } : r);

  return (route: string, body: { action?: ReportAction; note?: string; guidelines?: string } | null): Answer | undefined => {
    const [method, url = ''] = route.split(' ');
    const path = url.split('?')[0];
    if (path === '/api/admin/pending-users') return { status: 200, body: [] };
    if (path === '/api/admin/all-users') return { status: 200, body: [] };
    if (path === '/api/admin/stats') return { status: 200, body: STATS };
    if (path === '/api/admin/groups') return { status: 200, body: [{ ...GROUP, guidelines: guidelines ?? DEFAULT_GROUP_GUIDELINES }] };
    if (route === 'GET /api/admin/reports?status=open') return { status: 200, body: reports.filter((r) => r.status === 'open').map(withFlags) };
    if (route === 'GET /api/admin/moderation-log') return { status: 200, body: log };
    const resolve = /^\/api\/admin\/reports\/(\w+)\/resolve$/.exec(path ?? '');
    if (method === 'POST' && resolve) {
      if (opts.failResolve) return opts.failResolve;
      const report = reports.find((r) => r._id === resolve[1])!;
      const action = body!.action!;
      Object.assign(report, { status: 'resolved', outcome: OUTCOME[action], resolvedAt: at(50) });
      if (action === 'suspend') suspended.add(report.subject!._id);
      enter(action, { reportId: report._id, subjectUserId: report.subject?._id ?? null, messageId: action === 'remove-message' ? report.target.id : null }, body?.note);
      return { status: 200, body: withFlags(report) };
    }
    const unsuspend = /^\/api\/admin\/users\/(\w+)\/unsuspend$/.exec(path ?? '');
    if (method === 'POST' && unsuspend) {
      suspended.delete(unsuspend[1]!);
      enter('unsuspend', { subjectUserId: unsuspend[1]! }, body?.note);
      return { status: 200, body: { message: 'Suspension lifted' } };
    }
    if (route === `PUT /api/admin/groups/${GROUP._id}/guidelines`) {
      guidelines = body!.guidelines!.trim() || null;
      enter('set-guidelines', { groupId: GROUP._id });
      return { status: 200, body: { message: `Guidelines of ${GROUP.name} saved` } };
    }
    return undefined;
  };
}

let handler: ReturnType<typeof moderationServer>;

beforeEach(() => {
  calls.length = 0;
  toast.remove();
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
    const url = new URL(req.url);
    const route = `${req.method} ${url.pathname}${url.search}`;
    const text = req.method === 'GET' ? '' : await req.text();
    const body = text ? JSON.parse(text) as Parameters<typeof handler>[1] : null;
    calls.push({ route, body });
    const res = handler(route, body) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openAdmin() {
  await setUser(ADMIN);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/admin'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Reports' });
}

const card = (reason: keyof typeof REPORT_REASON_LABELS) => screen.getByRole('article', { name: REPORT_REASON_LABELS[reason] });
const queryCard = (reason: keyof typeof REPORT_REASON_LABELS) => screen.queryByRole('article', { name: REPORT_REASON_LABELS[reason] });
const posted = (path: string) => calls.filter((c) => c.route === `POST ${path}`).map((c) => c.body);
const dialog = () => screen.getByRole('dialog');

describe('/admin moderation', () => {
  it('the queue shows reason, note, reporter and the reported line in its context', async () => {
    handler = moderationServer();
    await openAdmin();
    const report = card('harassment');
    const r = within(report);
    expect(r.getByText('Keeps mocking people who struggle')).toBeTruthy();
    expect(r.getByText('Rae Reporter', { selector: 'dd' })).toBeTruthy();
    expect(r.getByText('A message by Sam Rivers')).toBeTruthy();
    const lines = r.getAllByTestId('context-line');
    expect(lines.map((l) => l.textContent?.includes('Reported message'))).toEqual([false, true, false]);
    expect(lines[1]?.getAttribute('aria-current')).toBe('true');
    expect(lines[1]?.textContent).toContain('you are all pathetic');
    // The words as reported are the words still there: shown once, in context.
    expect(r.queryByTestId('reported-text')).toBeNull();
    expect(r.getByRole('button', { name: 'Remove message' })).toBeTruthy();
    expect(r.getByRole('button', { name: 'Suspend Sam Rivers' })).toBeTruthy();

    // A person report: no message to remove, and the subject is already suspended.
    const other = within(card('spam'));
    expect(other.getByText('No note')).toBeTruthy();
    expect(other.getByText('Suspended')).toBeTruthy();
    expect(other.queryByRole('button', { name: 'Remove message' })).toBeNull();
    expect(other.queryByRole('button', { name: /^Suspend/ })).toBeNull();
    expect(other.getByRole('button', { name: 'Lift suspension of Max Spammer' })).toBeTruthy();
  });

  it('a message taken back since: the reporter\'s copy of the words is shown, and there is nothing to remove', async () => {
    const report = messageReport();
    report.context[1] = { ...report.context[1]!, text: '', deleted: true };
    handler = moderationServer({ reports: [report] });
    await openAdmin();
    const r = within(card('harassment'));
    expect(r.getByTestId('reported-text').textContent).toBe('you are all pathetic');
    expect(r.getAllByTestId('context-line')[1]?.textContent).toContain('(message removed)');
    expect(r.queryByRole('button', { name: 'Remove message' })).toBeNull();
    expect(r.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('Dismiss resolves the report at once and it leaves the open queue', async () => {
    handler = moderationServer({ reports: [messageReport()] });
    await openAdmin();
    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No open reports.');
    expect(posted('/api/admin/reports/cccccccccccccccccccccc01/resolve')).toEqual([{ action: 'dismiss' }]);
    expect(await screen.findByText(new RegExp(REPORT_OUTCOME_TEXT.dismissed))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Moderator actions' })).getByText('Dismissed a report')).toBeTruthy();
  });

  it('Remove message asks first, with an optional note kept in the audit log', async () => {
    handler = moderationServer();
    await openAdmin();
    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Remove message' }));
    const d = within(dialog());
    expect(d.getByRole('heading', { name: 'Remove this message?' })).toBeTruthy();
    fireEvent.change(d.getByLabelText('Why? (kept in the audit log)'), { target: { value: '  Insulting the group  ' } });
    fireEvent.click(d.getByRole('button', { name: 'Remove message' }));
    await waitFor(() => expect(queryCard('harassment')).toBeNull());
    expect(posted('/api/admin/reports/cccccccccccccccccccccc01/resolve')).toEqual([{ action: 'remove-message', note: 'Insulting the group' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(new RegExp(REPORT_OUTCOME_TEXT['message-removed']))).toBeTruthy();
    const entry = (await screen.findAllByTestId('log-entry'))[0]!;
    expect(entry.textContent).toContain('Removed a message by Sam Rivers');
    expect(entry.textContent).toContain('Why: Insulting the group');
    // The other report is still open.
    expect(card('spam')).toBeTruthy();
  });

  it('Suspend asks first; Cancel sends nothing; confirming suspends and closes the report', async () => {
    handler = moderationServer();
    await openAdmin();
    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Suspend Sam Rivers' }));
    expect(within(dialog()).getByText(/signed out everywhere at once/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted('/api/admin/reports/cccccccccccccccccccccc01/resolve')).toEqual([]);

    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Suspend Sam Rivers' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend Sam Rivers' }));
    await waitFor(() => expect(queryCard('harassment')).toBeNull());
    expect(posted('/api/admin/reports/cccccccccccccccccccccc01/resolve')).toEqual([{ action: 'suspend' }]);
    expect(await screen.findByText(new RegExp(REPORT_OUTCOME_TEXT.suspended))).toBeTruthy();
    // The new suspension can be lifted from its log entry.
    const log = within(screen.getByRole('list', { name: 'Moderator actions' }));
    expect(await log.findByText('Suspended Sam Rivers')).toBeTruthy();
    expect(log.getByRole('button', { name: 'Lift suspension of Sam Rivers' })).toBeTruthy();
  });

  it('a suspension can be lifted from the report card of a suspended subject', async () => {
    handler = moderationServer();
    await openAdmin();
    fireEvent.click(within(card('spam')).getByRole('button', { name: 'Lift suspension of Max Spammer' }));
    const d = within(dialog());
    fireEvent.change(d.getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Appeal accepted' } });
    fireEvent.click(d.getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('Suspension lifted')).toBeTruthy();
    expect(posted(`/api/admin/users/${MAX}/unsuspend`)).toEqual([{ note: 'Appeal accepted' }]);
    // The report stays open (lifting is not a resolution); now Max can be suspended again.
    await within(card('spam')).findByRole('button', { name: 'Suspend Max Spammer' });
    expect(within(card('spam')).queryByText('Suspended')).toBeNull();
    expect(screen.getAllByTestId('log-entry')[0]?.textContent).toContain('Lifted the suspension of Max Spammer');
  });

  it('the audit log lists who, when, what and why; a standing suspension can be lifted from it', async () => {
    handler = moderationServer({ reports: [] });
    await openAdmin();
    expect(screen.getByText('No open reports.')).toBeTruthy();
    const entries = screen.getAllByTestId('log-entry');
    expect(entries).toHaveLength(1);
    const entry = within(entries[0]!);
    // No list names Max here: the entry still says who, by id.
    expect(entry.getByText(`Suspended a person (id ${MAX})`)).toBeTruthy();
    expect(entry.getByText(/^By Ada Admin/)).toBeTruthy();
    expect(entry.getByText('Why: Scam links in five groups')).toBeTruthy();
    expect(entry.getByRole('time').getAttribute('dateTime')).toBe(at(5));
    fireEvent.click(entry.getByRole('button', { name: `Lift suspension of a person (id ${MAX})` }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(2));
    expect(posted(`/api/admin/users/${MAX}/unsuspend`)).toEqual([{}]);
    // Lifted: no entry offers it any more.
    expect(screen.queryByRole('button', { name: /^Lift suspension/ })).toBeNull();
  });

  it('a failed action shows the server\'s message and keeps the report (and the note)', async () => {
    handler = moderationServer({ failResolve: { status: 409, body: { message: 'Another moderator already handled this report', code: 'CONFLICT' } } });
    await openAdmin();
    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Another moderator already handled this report')).toBeTruthy();
    expect(card('harassment')).toBeTruthy();

    toast.remove();
    fireEvent.click(within(card('harassment')).getByRole('button', { name: 'Remove message' }));
    fireEvent.change(within(dialog()).getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Insults' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove message' }));
    expect(await screen.findByText('Another moderator already handled this report')).toBeTruthy();
    expect((within(dialog()).getByLabelText('Why? (kept in the audit log)') as HTMLTextAreaElement).value).toBe('Insults');
    expect(card('harassment')).toBeTruthy();
    expect(screen.queryByText('No open reports.')).toBeNull();
  });

  it('each group\'s guidelines: prefilled with the current text, and the edit is sent', async () => {
    handler = moderationServer();
    await openAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'Edit guidelines of Calm Exams' }));
    const d = within(dialog());
    const box = await d.findByLabelText('Guidelines') as HTMLTextAreaElement;
    expect(box.value).toBe('Be gentle with each other.');
    fireEvent.change(box, { target: { value: 'Be gentle.\nNo exam answers.' } });
    fireEvent.click(d.getByRole('button', { name: 'Save guidelines' }));
    expect(await screen.findByText('Guidelines of Calm Exams saved')).toBeTruthy();
    expect(calls.filter((c) => c.route === `PUT /api/admin/groups/${GROUP._id}/guidelines`).map((c) => c.body))
      .toEqual([{ guidelines: 'Be gentle.\nNo exam answers.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Changed the guidelines of Calm Exams')).toBeTruthy();

    // Haven's default, chosen again, is saved as "none of its own".
    fireEvent.click(screen.getByRole('button', { name: 'Edit guidelines of Calm Exams' }));
    expect((await within(dialog()).findByLabelText('Guidelines') as HTMLTextAreaElement).value).toBe('Be gentle.\nNo exam answers.');
    fireEvent.click(within(dialog()).getByRole('button', { name: "Use Haven's default" }));
    expect((within(dialog()).getByLabelText('Guidelines') as HTMLTextAreaElement).value).toBe(DEFAULT_GROUP_GUIDELINES);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save guidelines' }));
    await waitFor(() => expect(calls.filter((c) => c.route.startsWith('PUT')).at(-1)?.body).toEqual({ guidelines: '' }));
  });
});
