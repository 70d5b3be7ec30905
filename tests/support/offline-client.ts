/**
 * The real client sync layer (Dexie on fake-indexeddb, outbox, flusher, ky transport) in Node,
 * behind a network switch: online; offline (the browser knows: nothing is tried); unreachable (the
 * browser thinks it is online but requests fail); or a reply lost after the server acted on it.
 * Used by the property test. Import 'fake-indexeddb/auto' before this file.
 */
import ky, { type KyInstance } from 'ky';
import { HavenDb } from '../../src/client/db/database';
import { Flusher } from '../../src/client/sync/flusher';
import { kyTransport } from '../../src/client/sync/transport';

export class OfflineClient {
  mode: 'online' | 'offline' | 'unreachable' = 'online';
  loseNextReply = false;
  /** The flusher's clock: tests move it on instead of waiting out backoffs. */
  clock = Date.now();
  readonly api: KyInstance;
  db: HavenDb;
  flusher: Flusher;

  constructor(baseUrl: string, cookie: string, readonly userId: string) {
    this.api = ky.create({ prefixUrl: `${baseUrl}/api`, headers: { cookie }, timeout: false, retry: 0, fetch: this.fetch });
    this.db = new HavenDb(userId);
    this.flusher = this.makeFlusher();
  }

  private readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.mode !== 'online') throw new TypeError(`fetch failed (${this.mode})`);
    const res = await fetch(input, init);
    if (this.loseNextReply) {
      this.loseNextReply = false;
      await res.arrayBuffer();
      throw new TypeError('fetch failed (reply lost)');
    }
    return res;
  };

  private makeFlusher(): Flusher {
    return new Flusher(this.db, kyTransport(this.api, 0), {
      lock: async (_n, work) => work(), now: () => this.clock, isOnline: () => this.mode !== 'offline',
    });
  }

  /** A page reload: a new database handle and a new flusher over whatever is stored. */
  reload(): void {
    this.flusher.stop();
    this.db.close();
    this.db = new HavenDb(this.userId);
    this.flusher = this.makeFlusher();
  }

  /** Back online as the engine does it (every waiting row due now), then flush until the outbox is empty. */
  async drain(maxRounds = 50): Promise<void> {
    this.mode = 'online';
    await this.flusher.makeDue();
    for (let i = 0; i < maxRounds; i += 1) {
      if ((await this.db.outbox.count()) === 0) return;
      // Only a server restart mid-run leaves a backoff here; the property test is about outcomes, not waits.
      this.clock += 120_000;
      await this.flusher.flush();
      if ((await this.db.outbox.count()) === 0) return;
    }
    throw new Error(`outbox not drained after ${maxRounds} rounds: ${JSON.stringify(await this.db.outbox.toArray())}`);
  }

  close(): void {
    this.flusher.stop();
    this.db.close();
  }
}
