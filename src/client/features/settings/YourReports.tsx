/** Settings' "Your reports" (docs/decisions/community-rules.md, Reports): what this person reported, and what came of it, in calm words. */
import { useEffect, useState } from 'react';
import { REPORT_OUTCOME_TEXT, REPORT_REASON_LABELS, type MyReport } from '../../../shared/community';
import { describeFailure } from '../../net/errors';
import { InlineSpinner } from '../../ui/Spinner';
import { myReports } from '../safety/actions';

type State = { reports: MyReport[] } | { error: string } | null;

function targetOf({ target }: MyReport): string {
  if (target.kind === 'message') return `A message from ${target.label}`;
  if (target.kind === 'group') return `The group ${target.label}`;
  return target.label;
}

const LOOKING = "We're looking at it";

/** One load of the list; Try again mounts a fresh one. */
function ReportsList({ onRetry }: { onRetry: () => void }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    let live = true;
    myReports().then(
      (reports) => live && setState({ reports }),
      async (error: unknown) => {
        const { message } = await describeFailure(error);
        if (live) setState({ error: message });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return <InlineSpinner label="Loading your reports" />;
  if ('error' in state) {
    return (
      <div className="mt-3 flex flex-col items-start gap-2" role="status">
        <p>We could not load your reports just now. {state.error}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>Try again</button>
      </div>
    );
  }
  if (state.reports.length === 0) return <p className="mt-3">You haven&apos;t reported anything.</p>;
  return (
    <ul className="mt-3 flex flex-col gap-2" aria-label="Your reports">
      {state.reports.map((r) => (
        <li key={r._id} className="rounded-box border border-base-300 p-3" data-testid="my-report">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
            <span className="badge badge-outline badge-sm">{r.status === 'open' ? 'Open' : 'Resolved'}</span>
          </div>
          <p className="text-sm wrap-anywhere">{targetOf(r)} · <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleDateString()}</time></p>
          <p className="mt-1 text-sm">{r.outcome ? REPORT_OUTCOME_TEXT[r.outcome] : LOOKING}</p>
        </li>
      ))}
    </ul>
  );
}

export function YourReports() {
  const [attempt, setAttempt] = useState(0);
  return (
    <section aria-labelledby="reports-title" className="mt-8">
      <h2 id="reports-title" className="text-lg font-semibold">Your reports</h2>
      <ReportsList key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </section>
  );
}
