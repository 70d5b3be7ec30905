/** The top of a windowed conversation: older messages on their way, a failure to fetch them, or the conversation's start. */
export interface HistoryEdgeState {
  loadingOlder: boolean;
  atStart: boolean;
  failed: boolean;
  onRetry: () => void;
}

function EdgeContent({ loadingOlder, atStart, failed, onRetry }: HistoryEdgeState) {
  if (loadingOlder) {
    return (
      <span role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        <span className="sr-only">Loading older messages</span>
      </span>
    );
  }
  if (failed) {
    return (
      <span role="alert">
        Older messages could not be loaded.{' '}
        <button type="button" className="btn btn-link btn-xs px-0 align-baseline" onClick={onRetry}>Try again</button>
      </span>
    );
  }
  return atStart ? <span>Start of the conversation</span> : null;
}

/** One fixed height whatever it shows, so the rows below it never move when it changes. */
export function HistoryEdge({ context }: { context: HistoryEdgeState }) {
  return (
    <div className="flex h-12 items-center justify-center text-xs text-base-content/80">
      <EdgeContent {...context} />
    </div>
  );
}
