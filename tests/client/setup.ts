import { configure } from '@testing-library/react';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {},
    addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  });
}

// jsdom replaces AbortSignal with its own, which Node's Request (used by ky) refuses as `signal`.
// The tests never abort, so drop the signal rather than fail every request.
const NodeRequest = globalThis.Request;
class JsdomSafeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {};
    const url = typeof input === 'string' ? new URL(input, globalThis.location?.href ?? 'http://localhost/') : input;
    super(url, rest);
  }
}
globalThis.Request = JsdomSafeRequest as typeof Request;

// findBy*/waitFor give up after 1 s by default; on a busy 2-core CI machine a Dexie write and a
// render can take longer. A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 });
