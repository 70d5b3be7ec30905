/** Words the moderation screens share: times, outcomes and how the log says each action. */
import type { AdminReport, ModerationEntry, ReportAction, ReportOutcome } from '../../../shared/community';
import { REPORT_OUTCOME_TEXT } from '../../../shared/community';

export const shortTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const OUTCOME_OF: Record<ReportAction, ReportOutcome> = {
  dismiss: 'dismissed', 'remove-message': 'message-removed', suspend: 'suspended',
};

/** After a report is closed: what its reporter now reads. */
export function resolvedText(report: AdminReport | null, action: ReportAction): string {
  const outcome = report?.outcome ?? OUTCOME_OF[action];
  return `Report closed. The reporter will read: “${REPORT_OUTCOME_TEXT[outcome]}”`;
}

const TARGET_KIND: Record<AdminReport['target']['kind'], string> = { message: 'A message by', user: 'The person', group: 'The group' };

/** "A message by Sam", "The person Sam", "The group Calm Exams". */
export const targetText = (report: AdminReport) => `${TARGET_KIND[report.target.kind]} ${report.target.label}`;

/** How the audit log says what was done; `who` and `group` are names the page knows, or fallbacks. */
export function actionText(entry: ModerationEntry, who: string, group: string): string {
  switch (entry.action) {
    case 'dismiss': return 'Dismissed a report';
    case 'remove-message': return entry.subjectUserId ? `Removed a message by ${who}` : 'Removed a message';
    case 'suspend': return `Suspended ${who}`;
    case 'unsuspend': return `Lifted the suspension of ${who}`;
    case 'set-guidelines': return `Changed the guidelines of ${group}`;
  }
}
