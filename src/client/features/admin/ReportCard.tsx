import { useId } from 'react';
import { REPORT_REASON_LABELS, type AdminReport, type ReportAction } from '../../../shared/community';
import { LiftSuspensionButton } from './LiftSuspension';
import { ReportContext } from './ReportContext';
import { shortTime, targetText } from './moderationText';

interface Props {
  report: AdminReport;
  /** The action under way on this report, if any: its buttons wait meanwhile. */
  working: ReportAction | null;
  onDismiss: () => void;
  /** Ask first (ModerationQueue's dialog); only offered for a reported message still there. */
  onRemove: () => void;
  /** Ask first; only offered while the subject is not suspended. */
  onSuspend: () => void;
  onChanged: () => Promise<unknown>;
}

/** One open report: what was reported and why, by whom, in context, and what a moderator can do. */
export function ReportCard({ report, working, onDismiss, onRemove, onSuspend, onChanged }: Props) {
  const titleId = useId();
  const busy = working !== null;
  const { subject } = report;
  const reportedLine = report.context.find((line) => line.reported);
  const canRemove = report.target.kind === 'message' && !reportedLine?.deleted;

  return (
    <article aria-labelledby={titleId} className="card card-border bg-base-100" data-testid="report-card">
      <div className="card-body gap-3 p-4">
        <header className="flex flex-col gap-1">
          <h3 id={titleId} className="font-semibold wrap-anywhere">{REPORT_REASON_LABELS[report.reason]}</h3>
          <p className="text-sm wrap-anywhere">{targetText(report)}</p>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Reported by</dt>
          <dd className="wrap-anywhere">{report.reporter.fullName}</dd>
          <dt className="font-medium">When</dt>
          <dd><time dateTime={report.createdAt}>{shortTime(report.createdAt)}</time></dd>
          <dt className="font-medium">Their note</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere">{report.note.trim() ? report.note : <span className="italic">No note</span>}</dd>
          {subject && (
            <>
              <dt className="font-medium">About</dt>
              <dd className="flex flex-wrap items-center gap-2 wrap-anywhere">
                {subject.fullName}
                {subject.suspended && <span className="badge badge-error badge-sm">Suspended</span>}
              </dd>
            </>
          )}
        </dl>
        <ReportContext report={report} />
        <div className="card-actions flex-wrap justify-end">
          <button type="button" className="btn btn-ghost btn-sm min-h-11" disabled={busy} onClick={onDismiss}>
            {working === 'dismiss' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Dismiss
          </button>
          {canRemove && (
            <button type="button" className="btn btn-outline btn-error btn-sm min-h-11" disabled={busy} onClick={onRemove}>Remove message</button>
          )}
          {subject && !subject.suspended && (
            <button type="button" className="btn btn-error btn-sm h-auto min-h-11 max-w-full whitespace-normal wrap-anywhere" disabled={busy}
              onClick={onSuspend}>Suspend {subject.fullName}</button>
          )}
          {subject?.suspended && <LiftSuspensionButton userId={subject._id} name={subject.fullName} onChanged={onChanged} />}
        </div>
      </div>
    </article>
  );
}
