/**
 * Steady traffic from a set of devices: each writes one message every `intervalMs`, the writers
 * taking turns evenly; every third round of messages goes to the next person directly, the rest to
 * the group, so every device receives a live message about every interval/participants ms.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Device } from './device';

export interface Traffic {
  /** Messages written so far. */
  readonly written: number;
  /** Stops writing (what is in the outboxes still goes out). */
  stop(): void;
}

export function startTraffic(devices: Device[], groupId: string, intervalMs: number): Traffic {
  let k = 0;
  const timer = setInterval(() => {
    const i = k % devices.length;
    const round = Math.floor(k / devices.length);
    k += 1;
    const device = devices[i]!;
    const next = devices[(i + 1) % devices.length]!;
    device.send(round % 3 === 2
      ? { kind: 'direct', to: next.userId, text: `${device.name} to ${next.name}, ${round}` }
      : { kind: 'group', groupId, text: `${device.name} to the group, ${round}` });
  }, intervalMs / devices.length);
  return {
    get written() {
      return k;
    },
    stop: () => clearInterval(timer),
  };
}

/** Resolves when `condition` holds; fails after `timeoutMs` naming `what`. */
export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(25);
  }
}

/**
 * Waits until every outbox is empty; answers what is still waiting after `timeoutMs` (nothing, when
 * all went out). The devices are first made due, as the app does when the network comes back, so
 * none is left waiting out a long backoff after the scenario (what was measured is not touched).
 */
export async function drainOutboxes(devices: Device[], timeoutMs = 60_000): Promise<string[]> {
  for (const device of devices) device.makeDue();
  const deadline = performance.now() + timeoutMs;
  while (devices.some((d) => d.pending > 0) && performance.now() < deadline) await sleep(100);
  return devices.filter((d) => d.pending > 0)
    .map((d) => `${d.name}: ${d.pending} unsent (failed attempts: ${JSON.stringify(Object.fromEntries(d.failures))})`);
}
