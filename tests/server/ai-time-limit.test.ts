/**
 * A model call's time limit (src/server/ai/provider.ts, withTimeLimit): it ends the call after its
 * own time or when the server stops, whichever comes first, and leaves no timer or listener behind.
 */
import { describe, expect, it } from 'vitest';
import { withTimeLimit } from '../../src/server/ai/provider';

/** A call that never answers by itself: it ends only when its signal aborts. */
const hanging = (signal: AbortSignal) => new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));

describe('a model call\'s time limit', () => {
  it('aborts a call that outlasts it, as a timeout', async () => {
    const started = Date.now();
    await expect(withTimeLimit(50, undefined, hanging)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('aborts at once when the server stops, with the stop\'s reason', async () => {
    const stop = new AbortController();
    const call = withTimeLimit(60_000, stop.signal, hanging);
    stop.abort(new Error('stopping'));
    await expect(call).rejects.toThrow('stopping');
  });

  it('aborts before the call starts when the server has already stopped', async () => {
    let seen: AbortSignal | undefined;
    await withTimeLimit(60_000, AbortSignal.abort(new Error('gone')), async (signal) => { seen = signal; return 'x'; });
    expect(seen?.aborted).toBe(true);
  });

  it('answers what the call answers, and stops listening to the server\'s stop afterwards', async () => {
    const stop = new AbortController();
    let signal: AbortSignal | undefined;
    await expect(withTimeLimit(50, stop.signal, async (s) => { signal = s; return 'answer'; })).resolves.toBe('answer');
    stop.abort();
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Neither the stop nor the old timer reaches a call that already finished.
    expect(signal?.aborted).toBe(false);
  });
});
