/** The worker's global, typed once: lib.webworker types `self` as a plain worker otherwise. */
export const sw = globalThis as unknown as ServiceWorkerGlobalScope;
