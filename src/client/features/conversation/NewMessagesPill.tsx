/** Shown over the bottom of a list when messages arrived below a reader who scrolled up. */
export function NewMessagesPill({ onClick }: { onClick: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
      <button type="button" className="btn btn-primary btn-sm pointer-events-auto rounded-full shadow-lg" onClick={onClick}>
        New messages <span aria-hidden="true">↓</span>
      </button>
    </div>
  );
}
