/** The moderation queue (docs/community-safety.md): every open report, in context, with what a moderator can do. */
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminReport, ReportAction } from '../../../shared/community';
import { describeFailureText } from '../../net/errors';
import { adminApi } from './adminApi';
import { NoteDialog } from './NoteDialog';
import { ReportCard } from './ReportCard';
import { resolvedText } from './moderationText';

const FAILED: Record<ReportAction, string> = {
  dismiss: 'Failed to dismiss the report',
  'remove-message': 'Failed to remove the message',
  suspend: 'Failed to suspend the account',
};

/** A destructive action waiting for the moderator's confirmation. */
type Asking = { action: 'remove-message' | 'suspend'; report: AdminReport };

interface Props {
  /** The open reports, from the /admin route's loader. */
  reports: AdminReport[];
  /** Loads the page's data again; the closed report leaves the queue and the log shows the action. */
  onChanged: () => Promise<unknown>;
}

export function ModerationQueue({ reports, onChanged }: Props) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [working, setWorking] = useState<{ id: string; action: ReportAction } | null>(null);

  async function resolve(report: AdminReport, action: ReportAction, note = '') {
    setWorking({ id: report._id, action });
    try {
      const updated = await adminApi.resolveReport(report._id, action, note);
      toast.success(resolvedText(updated, action));
      setAsking(null);
      await onChanged();
    } catch (error) {
      // The report stays in the queue (and the dialog, with its note, stays open) to try again.
      toast.error(await describeFailureText(error, FAILED[action]));
    } finally {
      setWorking(null);
    }
  }

  const subjectName = asking?.report.subject?.fullName ?? 'this person';

  return (
    <section aria-labelledby="reports-title" className="mt-8">
      <h2 id="reports-title" className="text-xl font-semibold">Reports</h2>
      <p className="mt-1 text-sm">What people reported, with the conversation around it. Every action is kept in the audit log.</p>
      {reports.length === 0 && <p className="mt-3">No open reports.</p>}
      {reports.length > 0 && (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2 *:min-w-0" aria-label="Open reports">
          {reports.map((report) => (
            <li key={report._id}>
              <ReportCard report={report} working={working?.id === report._id ? working.action : null}
                onDismiss={() => void resolve(report, 'dismiss')}
                onRemove={() => setAsking({ action: 'remove-message', report })}
                onSuspend={() => setAsking({ action: 'suspend', report })}
                onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
      {asking?.action === 'remove-message' && (
        <NoteDialog title="Remove this message?" confirmLabel="Remove message" danger busy={working !== null}
          onConfirm={(note) => void resolve(asking.report, 'remove-message', note)} onCancel={() => setAsking(null)}>
          <p>
            The message by <strong>{asking.report.target.label}</strong> is removed for everyone in the conversation, and this
            report is closed.
          </p>
        </NoteDialog>
      )}
      {asking?.action === 'suspend' && (
        <NoteDialog title={`Suspend ${subjectName}?`} confirmLabel={`Suspend ${subjectName}`} danger busy={working !== null}
          onConfirm={(note) => void resolve(asking.report, 'suspend', note)} onCancel={() => setAsking(null)}>
          <p>
            <strong>{subjectName}</strong> is signed out everywhere at once and cannot sign in until the suspension is lifted.
            This report is closed.
          </p>
        </NoteDialog>
      )}
    </section>
  );
}
