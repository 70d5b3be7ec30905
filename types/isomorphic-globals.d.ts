/**
 * The few globals src/shared may use: those every runtime it runs in has (browsers, the service
 * worker, Node 20+), declared here because tsconfig.shared.json loads neither the DOM nor Node's
 * types (docs/architecture.md section 1). Add to this list only what all three really provide.
 */
declare global {
  /** Web Crypto's random source: `globalThis.crypto` in browsers, workers and Node 19+. */
  var crypto: { getRandomValues<T extends ArrayBufferView | null>(array: T): T; randomUUID(): `${string}-${string}-${string}-${string}-${string}` };
}

export {};
