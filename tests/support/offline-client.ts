/**
 * The real client sync layer (Dexie on fake-indexeddb, outbox, flusher, ky transport) in Node,
 * behind a network switch: online, offline, or a reply lost after the server acted on the request.
 * Used by the property test and the replay bench. Import 'fake-indexeddb/auto' before this file.
 */
import ky, { type KyInstance } from 'ky';
import { HavenDb } from '../../src/client/db/database';
import { Flusher } from '../../src/client/sync/flusher';
import { kyTransport } from '../../src/client/sync/transport';

export class OfflineClient {
  mode: 'online' | 'offline' = 'online';
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
    if (this.mode === 'offline') throw new TypeError('fetch failed (offline)');
    const res = await fetch(input, init);
    if (this.loseNextReply) {
      this.loseNextReply = false;
      await res.arrayBuffer();
      throw new TypeError('fetch failed (reply lost)');
    }
    return res;
  };

  private makeFlusher(): Flusher {
    return new Flusher(this.db, kyTransport(this.api, 0), { lock: async (_n, work) => work(), now: () => this.clock });
  }

  /** A page reload: a new database handle and a new flusher over whatever is stored. */
  reload(): void {
    this.flusher.stop();
    this.db.close();
    this.db = new HavenDb(this.userId);
    this.flusher = this.makeFlusher();
  }

  /** Online, then flush until the outbox is empty, jumping the clock past every backoff. */
  async drain(maxRounds = 50): Promise<void> {
    this.mode = 'online';
    for (let i = 0; i < maxRounds; i += 1) {
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
