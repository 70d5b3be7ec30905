import type { AdminReport } from '../../../shared/community';
import { shortTime } from './moderationText';

/**
 * The reported message among a few before and after it, as the database has them now; the reported
 * line is marked in words (not only by colour). The reporter's copy of the words is shown as well
 * when the conversation no longer has them as they were (taken back, removed, or not found).
 */
export function ReportContext({ report }: { report: AdminReport }) {
  const reportedLine = report.context.find((line) => line.reported);
  const showReportedText = report.reportedText !== null
    && (!reportedLine || reportedLine.deleted || reportedLine.text !== report.reportedText);

  return (
    <div className="flex flex-col gap-2">
      {showReportedText && (
        <figure className="rounded-box border border-warning bg-base-200 p-2">
          <figcaption className="text-xs font-medium">The reported words, as the reporter saw them</figcaption>
          <blockquote className="text-sm whitespace-pre-wrap wrap-anywhere" data-testid="reported-text">{report.reportedText}</blockquote>
        </figure>
      )}
      {report.context.length > 0 && (
        <ol className="flex flex-col gap-1 rounded-box border border-base-300 p-2" aria-label="The conversation around it">
          {report.context.map((line) => (
            <li key={line._id} data-testid="context-line" data-reported={line.reported || undefined}
              aria-current={line.reported ? 'true' : undefined}
              className={`rounded p-1.5 text-sm ${line.reported ? 'border-l-4 border-warning bg-warning/15' : ''}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-semibold wrap-anywhere">{line.senderName}</span>
                <time dateTime={line.createdAt}>{shortTime(line.createdAt)}</time>
                {line.reported && <span className="badge badge-warning badge-sm">Reported message</span>}
              </p>
              {line.deleted
                ? <p className="italic">(message removed)</p>
                : <p className="whitespace-pre-wrap wrap-anywhere">{line.text}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
