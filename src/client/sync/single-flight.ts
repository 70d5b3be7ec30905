/**
 * Overlapping triggers share one run: a call while a run is going asks for exactly one more run
 * after it (something may have changed since it started), and every such call shares that one.
 * Each caller's promise settles with a run that started after it called, so awaiting it means
 * "what was there when I asked has been handled" (a stranger's message is stored only once the
 * requests list read after it has landed, never before).
 */
export function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = task().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    // Whatever the current run ends with, the next one starts after it.
    if (!next) {
      next = running.then(() => undefined, () => undefined).then(() => {
        next = null;
        return start();
      });
      // Callers that await it see a failure; one that did not (`void`) must not get an unhandled
      // rejection: the next trigger retries.
      next.catch(() => undefined);
    }
    return next;
  };
}
