/**
 * Overlapping triggers share one run: a call while a run is going returns that run, and asks for
 * exactly one more run after it (something may have changed since it started).
 */
export function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const start = (): Promise<void> => {
    running = task().finally(() => {
      running = null;
      if (again) {
        again = false;
        // The caller that asked for this re-run already has its answer (the earlier run's); a
        // failure here is retried by the next trigger, so it must not surface as unhandled.
        start().catch(() => undefined);
      }
    });
    return running;
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    return start();
  };
}
