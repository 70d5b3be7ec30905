/**
 * How long a queued message waits after a failed attempt: exponential, capped, with jitter so
 * phones coming back online together do not all knock at once. (ky retries within one request;
 * this spans reloads and hours offline, so it is kept in the outbox row.)
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
