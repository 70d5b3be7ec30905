/**
 * Work that can wait for the screen: it runs once the browser is idle after drawing (at the latest
 * after `timeoutMs`), so a first visit's screen is painted before the files and work it does not
 * need compete with it for the network and the main thread. A browser without idle callbacks
 * (Safari) runs it after `fallbackMs`. Answers a function that cancels work not yet run.
 */
export function whenIdle(work: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if ('requestIdleCallback' in globalThis) {
    const id = globalThis.requestIdleCallback(work, { timeout: timeoutMs });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(work, fallbackMs);
  return () => clearTimeout(id);
}
