/**
 * Pushes go out through this queue, never in a message's own request: a slow or failing push
 * service can neither hold up nor fail what someone sent, and a fan-out cannot hold up messages.
 * At most CONCURRENCY pushes are on the wire at once, each made on a turn of the event loop of its
 * own; a push service that is busy (429, 5xx, no answer) is asked again with backoff, honouring
 * Retry-After, outside the queue's slots so a waiting push blocks no other. A gone subscription
 * (404, 410) is removed.
 */
import { setMaxListeners } from 'node:events';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
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
  /**
   * One push per turn of the event loop, after the I/O already waiting: a push's encryption and
   * request take about half a millisecond of the thread that also answers requests and delivers
   * messages, and made as fast as slots came free, a group's fan-out kept messages waiting for
   * hundreds of milliseconds (docs/performance.md).
   */
  private readonly turns = new PQueue({ concurrency: 1 });
  /**
   * Pushes not yet given a slot, as plain entries: a retry loop and a queued promise for each of
   * a fan-out's 500 pushes, made at once, held the notifier's thread for tens of milliseconds.
   */
  private readonly waiting: [Target, PushPayload, PushOptions][] = [];
  private feeding = false;
  private fed: Promise<void> = Promise.resolve();
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  /** Counts for the bench and the tests: pushes delivered, dropped (refused, gone or given up). */
  readonly counts = { delivered: 0, dropped: 0 };
  private readonly tokens: VapidTokens;

  constructor(vapid: Vapid, private readonly hooks: PushQueueHooks, private readonly retryMinMs = 1000) {
    this.tokens = new VapidTokens(vapid);
    // Every push waiting to be asked again listens for the stop: hundreds at once are expected when
    // a push service is down, not a leak (Node warns past 10).
    setMaxListeners(Infinity, this.stopping.signal);
  }

  add(target: Target, payload: PushPayload, options: PushOptions): void {
    if (this.stopping.signal.aborted) return;
    this.waiting.push([target, payload, options]);
    if (!this.feeding) this.fed = this.feed();
  }

  /** Starts the waiting pushes, oldest first, each once no other waits for a slot. */
  private async feed(): Promise<void> {
    this.feeding = true;
    try {
      for (;;) {
        await this.slots.onSizeLessThan(1);
        const next = this.waiting.shift();
        if (!next || this.stopping.signal.aborted) return;
        const job = this.deliver(...next).finally(() => this.running.delete(job));
        this.running.add(job);
      }
    } finally {
      this.feeding = false;
    }
  }

  private async deliver(target: Target, payload: PushPayload, options: PushOptions): Promise<void> {
    try {
      const outcome = await pRetry(async () => {
        const result: PushOutcome = await this.slots.add(async () => {
          // A push still waiting for a slot when the server stops settles here, unsent: p-queue's
          // clear() would leave its promise pending for ever, and stop() (a preClose hook, which
          // Fastify cuts off after 10 s) would never return.
          this.stopping.signal.throwIfAborted();
          await this.turns.add(() => nextTurn());
          this.stopping.signal.throwIfAborted();
          return sendPush(target, payload, options, this.tokens);
        });
        if (result.kind === 'retry') throw new TryLater(result.afterMs);
        return result;
      }, {
        retries: RETRIES, minTimeout: this.retryMinMs, factor: 2, maxTimeout: 60_000, randomize: true, signal: this.stopping.signal,
        onFailedAttempt: async ({ error }) => {
          if (!(error instanceof TryLater) || error.afterMs === undefined) return;
          if (error.afterMs > LONGEST_WAIT_MS) throw new AbortError('Retry-After too long');
          await sleep(error.afterMs, undefined, { signal: this.stopping.signal, ref: false });
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
    while (this.running.size > 0 || this.feeding) await Promise.allSettled([...this.running, this.fed]);
  }

  /** Drops what waits; a push on the wire finishes. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.counts.dropped += this.waiting.length;
    this.waiting.length = 0;
    await this.idle();
  }
}
