import { describe, expect, it } from 'vitest';
import { singleFlight } from '../../../src/client/sync/single-flight';

/** A task whose runs the test finishes one at a time. */
function gatedTask() {
  const runs: Array<{ finish: (error?: Error) => void }> = [];
  const task = () => new Promise<void>((resolve, reject) => {
    runs.push({ finish: (error) => (error ? reject(error) : resolve()) });
  });
  return { runs, task };
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => { done = true; }, () => { done = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('singleFlight', () => {
  it('runs once at a time; calls during a run share one more run, and settle only when it ends', async () => {
    const { runs, task } = gatedTask();
    const run = singleFlight(task);
    const first = run();
    const second = run();
    const third = run();
    expect(runs).toHaveLength(1);
    expect(second).toBe(third);
    runs[0]!.finish();
    await first;
    expect(await settled(second)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await second;
    expect(runs).toHaveLength(2);
  });

  it('runs again after a failed run; the failure reaches its own callers only', async () => {
    const { runs, task } = gatedTask();
    const run = singleFlight(task);
    const first = run();
    const again = run();
    runs[0]!.finish(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await expect(again).resolves.toBeUndefined();
  });
});

describe('singleFlight, one run at a time', () => {
  it('never runs twice at once, even when called the moment a run ends', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const run = singleFlight(async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
    });
    const first = run();
    const queued = run();
    await first;
    // Right after the first run: the queued one has already started, so this waits behind it.
    const late = run();
    await Promise.all([queued, late]);
    expect(most).toBe(1);
    expect(runs).toBe(3);
  });
});
