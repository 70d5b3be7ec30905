/**
 * Pushes go out through this queue, never in a message's own request: a slow or failing push
 * service can neither hold up nor fail what someone sent. At most CONCURRENCY pushes are on the
 * wire at once; a push service that is busy (429, 5xx, no answer) is asked again with backoff,
 * honouring Retry-After, outside the queue's slots so a waiting push blocks no other. A gone
 * subscription (404, 410) is removed.
 */
import PQueue from 'p-queue';
import pRetry, { AbortError } from 'p-retry';
import type { PushPayload } from '../../shared/push-payload';
import { sendPush, type PushOptions, type PushOutcome, type Target } from './send';
import { VapidTokens, type Vapid } from './vapid';

const CONCURRENCY = 32;
const RETRIES = 5;
/** Retry-After beyond this is not waited for: the push is dropped (its TTL would have run out). */
const LONGEST_WAIT_MS = 10 * 60_000;

class TryLater extends Error {
  constructor(readonly afterMs: number | undefined) {
    super('push service busy');
  }
}

export interface PushQueueHooks {
  /** The push service says this subscription is gone. */
  gone: (endpoint: string) => Promise<void>;
  log: { warn: (obj: object, msg: string) => void };
}

export class PushQueue {
  private readonly slots = new PQueue({ concurrency: CONCURRENCY });
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  /** Counts for the bench and the tests: pushes delivered, dropped (refused, gone or given up). */
  readonly counts = { delivered: 0, dropped: 0 };
  private readonly tokens: VapidTokens;

  constructor(vapid: Vapid, private readonly hooks: PushQueueHooks, private readonly retryMinMs = 1000) {
    this.tokens = new VapidTokens(vapid);
  }

  add(target: Target, payload: PushPayload, options: PushOptions): void {
    if (this.stopping.signal.aborted) return;
    const job = this.deliver(target, payload, options).finally(() => this.running.delete(job));
    this.running.add(job);
  }

  private async deliver(target: Target, payload: PushPayload, options: PushOptions): Promise<void> {
    try {
      const outcome = await pRetry(async () => {
        const result: PushOutcome = await this.slots.add(() => sendPush(target, payload, options, this.tokens));
        if (result.kind === 'retry') throw new TryLater(result.afterMs);
        return result;
      }, {
        retries: RETRIES, minTimeout: this.retryMinMs, factor: 2, maxTimeout: 60_000, randomize: true, signal: this.stopping.signal,
        onFailedAttempt: async ({ error }) => {
          if (!(error instanceof TryLater) || error.afterMs === undefined) return;
          if (error.afterMs > LONGEST_WAIT_MS) throw new AbortError('Retry-After too long');
          await new Promise((resolve) => setTimeout(resolve, error.afterMs).unref());
        },
      });
      if (outcome.kind === 'delivered') {
        this.counts.delivered += 1;
        return;
      }
      this.counts.dropped += 1;
      if (outcome.kind === 'gone') await this.hooks.gone(target.endpoint);
      else this.hooks.log.warn({ status: outcome.status }, 'push refused by the push service');
    } catch (error) {
      this.counts.dropped += 1;
      if (!this.stopping.signal.aborted) this.hooks.log.warn({ err: error }, 'push given up');
    }
  }

  /** Resolves once every push added so far has been delivered or dropped. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }

  /** Drops what waits; a push on the wire finishes. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.slots.clear();
    await Promise.allSettled(this.running);
  }
}
