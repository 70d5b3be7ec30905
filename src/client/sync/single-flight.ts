/**
 * Overlapping triggers share one run: a call while a run is going asks for exactly one more run
 * after it (something may have changed since it started), and every such call shares that one.
 * Each caller's promise settles with a run that started after it called, so awaiting it means
 * "what was there when I asked has been handled" (a stranger's message is stored only once the
 * requests list read after it has landed, never before). The queued run starts in the same step
 * the last one ends in, so no call can slip a second run in beside it.
 */
export function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null = null;
  const start = (): Promise<void> => {
    running = task().finally(() => {
      running = null;
      const next = queued;
      queued = null;
      if (next) start().then(next.resolve, next.reject);
    });
    return running;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
      // Callers that await it see a failure; one that did not (`void`) must not get an unhandled
      // rejection: the next trigger retries.
      promise.catch(() => undefined);
      queued = { promise, resolve, reject };
    }
    return queued.promise;
  };
}
