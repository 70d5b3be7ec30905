/**
 * socket.io between instances over PostgreSQL LISTEN/NOTIFY, built on socket.io-adapter's
 * ClusterAdapterWithHeartbeat, whose `doPublish` is where a transport plugs in
 * (docs/decisions/realtime-adapter.md).
 *
 * - This instance first. `doPublish` starts the NOTIFY and returns at once: the cluster adapter
 *   awaits it before it delivers a broadcast, or joins, leaves or disconnects sockets, here, and
 *   waiting there for a free pool connection and a round trip to PostgreSQL was most of the time a
 *   live message took under load.
 * - The others in order. NOTIFYs leave over the listening connection, one statement each and one
 *   after another, and PostgreSQL delivers them in commit order; a burst through a pool of ten
 *   arrived shuffled. Only while no connection listens (starting, or lost) do they go through the
 *   pool. Received messages are handled one after another too, so one read back from the table is
 *   not overtaken.
 * - A failure goes to `onError`.
 *
 * On the wire this is @socket.io/postgres-adapter 0.5.0's format (channel `socket.io#<namespace>`,
 * the message as JSON, or msgpack in socket_io_attachments when it is binary or too long for
 * NOTIFY), so old and new instances understand each other during a rolling deploy.
 */
import { decode, encode } from '@msgpack/msgpack';
import pg from 'pg';
import type { Namespace } from 'socket.io';
import {
  ClusterAdapterWithHeartbeat,
  type ClusterAdapterOptions,
  type ClusterMessage,
  type ClusterResponse,
  type Offset,
  type ServerId,
} from 'socket.io-adapter';

export interface PgAdapterOptions extends ClusterAdapterOptions {
  onError: (error: unknown) => void;
  /** Instances hear each other only on the same prefix. */
  channelPrefix?: string;
}

type Message = ClusterMessage | ClusterResponse;

const TABLE = 'socket_io_attachments';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const NOTIFY_LIMIT = 8000;
/** Long enough for every listener to have read a stored message; 0.5.0's figure. */
const STORED_FOR_MS = 30_000;
const RECONNECT_MS = 2_000;

const hasBinary = (value: unknown): boolean => {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  return (Array.isArray(value) ? value : Object.values(value)).some(hasBinary);
};

// One statement, like a short message's, so a stored message keeps its place among them.
const NOTIFY_STORED = `WITH a AS (INSERT INTO ${TABLE} (payload) VALUES ($2) RETURNING id)
  SELECT pg_notify($1, json_build_object('uid', $3::text, 'type', $4::int, 'attachmentId', id::text)::text) FROM a`;

/** A statement the lane never sent: the connection was lost before its turn. */
class Unsent extends Error {
  constructor() {
    super('not sent: the listening connection was lost first');
  }
}

/**
 * The listening connection, which also sends. node-postgres deprecates handing a connection a query
 * while it runs another, so each waits here for the one before; they keep the order they came in.
 */
class Lane {
  private tail: Promise<unknown> = Promise.resolve();
  private open = true;

  constructor(readonly client: pg.PoolClient) {}

  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const run = this.tail.then(() => {
      if (!this.open) throw new Unsent();
      return this.client.query<R>(text, values);
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Settles once everything already handed to it has been answered. */
  drained(): Promise<unknown> {
    return this.tail;
  }

  stop(): void {
    this.open = false;
  }
}

/** One LISTEN connection for every namespace of a server (socket.io makes an adapter per namespace). */
class Link {
  private readonly adapters = new Map<string, PgAdapter>();
  private listening: { lane: Lane; drop: () => void } | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private inbound = Promise.resolve();
  private readonly cleanup: NodeJS.Timeout;

  constructor(private readonly pool: pg.Pool, private readonly prefix: string, private readonly onError: (error: unknown) => void) {
    this.cleanup = setInterval(() => {
      pool.query(`DELETE FROM ${TABLE} WHERE created_at < now() - interval '${STORED_FOR_MS} milliseconds'`).catch(onError);
    }, STORED_FOR_MS);
    void this.listen();
  }

  private channel(nsp: string): string {
    return `${this.prefix}#${nsp}`;
  }

  add(adapter: PgAdapter): void {
    const channel = this.channel(adapter.nsp.name);
    this.adapters.set(channel, adapter);
    this.listening?.lane.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(this.onError);
  }

  remove(adapter: PgAdapter): void {
    this.adapters.delete(this.channel(adapter.nsp.name));
    if (this.adapters.size === 0) this.close();
  }

  publish(message: Message): void {
    // Caught whole: a message JSON cannot write must reach onError too, not the caller.
    this.send(message).catch(this.onError);
  }

  private async send(message: Message): Promise<void> {
    const channel = this.channel(message.nsp);
    const json = hasBinary(message) ? undefined : JSON.stringify(message);
    const [text, values] = json !== undefined && Buffer.byteLength(json) < NOTIFY_LIMIT
      ? ['SELECT pg_notify($1, $2)', [channel, json]]
      : [NOTIFY_STORED, [channel, encode(message), message.uid, message.type]];
    const lane = this.listening?.lane;
    if (lane) {
      try {
        await lane.query(text, values);
        return;
      } catch (error) {
        // Only one that was sent can have reached the others; the rest still go, through the pool.
        if (!(error instanceof Unsent)) throw error;
      }
    }
    await this.pool.query(text, values);
  }

  private async listen(): Promise<void> {
    this.retry = undefined;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.onError(error);
      this.reconnect();
      return;
    }
    const lane = new Lane(client);
    let gone = false;
    const onNotification = (notification: pg.Notification) => {
      this.inbound = this.inbound.then(() => this.receive(lane, notification)).catch(this.onError);
    };
    // Destroyed, not pooled: a connection handed back still listening would keep taking notifications.
    const drop = () => {
      if (gone) return;
      gone = true;
      lane.stop();
      if (this.listening?.lane === lane) this.listening = undefined;
      client.off('notification', onNotification).off('end', lost).off('error', lost);
      client.release(true);
    };
    const lost = () => {
      drop();
      this.reconnect();
    };
    if (this.closed) return drop();
    client.on('notification', onNotification).on('end', lost).on('error', lost);
    try {
      // Iterating the live map also covers a namespace added while an earlier LISTEN was under way.
      for (const channel of this.adapters.keys()) await lane.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.onError(error);
      return lost();
    }
    if (gone) return;
    if (this.closed) return drop();
    this.listening = { lane, drop };
  }

  private reconnect(): void {
    if (this.closed || this.retry) return;
    // Spread out, so instances that lost PostgreSQL together do not all come back in the same instant.
    this.retry = setTimeout(() => void this.listen(), RECONNECT_MS * (0.5 + Math.random()));
  }

  private async receive(lane: Lane, { channel, payload }: pg.Notification): Promise<void> {
    const adapter = this.adapters.get(channel);
    if (!adapter || !payload) return;
    // Responses come through onMessage too: the cluster adapter tells them apart by type.
    const message = JSON.parse(payload) as ClusterMessage & { attachmentId?: string };
    if (adapter.isOwn(message.uid)) return;
    if (message.attachmentId === undefined) {
      adapter.onMessage(message);
      return;
    }
    // On the listening connection: read in turn, without waiting for a free one in the pool.
    const { rows } = await lane.query<{ payload: Buffer }>(`SELECT payload FROM ${TABLE} WHERE id = $1`, [message.attachmentId]);
    if (!rows[0]) throw new Error(`a realtime message was gone from ${TABLE} before it was read`);
    adapter.onMessage(decode(rows[0].payload) as ClusterMessage);
  }

  private close(): void {
    this.closed = true;
    clearInterval(this.cleanup);
    clearTimeout(this.retry);
    const listening = this.listening;
    this.listening = undefined;
    // What is queued on it still leaves; anything published from now on goes through the pool.
    if (listening) void listening.lane.drained().then(listening.drop);
  }
}

class PgAdapter extends ClusterAdapterWithHeartbeat {
  constructor(nsp: Namespace, options: ClusterAdapterOptions, private readonly link: Link) {
    super(nsp, options);
    link.add(this);
  }

  isOwn(uid: ServerId): boolean {
    return uid === this.uid;
  }

  protected override doPublish(message: ClusterMessage): Promise<Offset> {
    this.link.publish(message);
    // The offset is for connection-state recovery, which NOTIFY cannot serve (nothing is kept).
    return Promise.resolve('');
  }

  protected override doPublishResponse(_requester: ServerId, response: ClusterResponse): Promise<void> {
    this.link.publish(response);
    return Promise.resolve();
  }

  override close(): void {
    this.link.remove(this);
    // The goodbye to the other instances, sent after the link closed: through the pool.
    super.close();
  }
}

/** The adapter for `io.adapter(...)`; every namespace of that server shares one LISTEN connection. */
export function pgAdapter(pool: pg.Pool, options: PgAdapterOptions): (nsp: Namespace) => PgAdapter {
  // Only the options given: the cluster adapter's defaults give way to a key that is present, even undefined.
  const { onError, channelPrefix = 'socket.io', ...cluster } = options;
  const link = new Link(pool, channelPrefix, onError);
  // socket.io calls this with `new`; an object returned from a constructor call is what it gets.
  return function makeAdapter(nsp: Namespace) {
    return new PgAdapter(nsp, cluster, link);
  };
}
