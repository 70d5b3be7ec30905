/** Full-screen spinner shown while the session is being checked (spec section 2). */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-base-100" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function InlineSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex justify-center p-6" role="status">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
