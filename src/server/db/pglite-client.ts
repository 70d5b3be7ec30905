/**
 * The request thread's side of PGlite on a worker thread (pglite-thread.mjs): what drizzle's
 * PGlite driver calls (query, exec, transaction) plus dumpDataDir and close, each a message to
 * the worker. Errors come back as DatabaseError with PostgreSQL's fields (code, constraint...),
 * as PGlite throws them in-thread, so unique-violation checks and the log's allow-list still work.
 */
import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown> | unknown[];
export interface Results { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }

/** What the driver may ask of a transaction: the same calls, inside it. */
export interface Queryable {
  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
}

/** A PostgreSQL error from the worker, named and shaped as PGlite's own. */
export class DatabaseError extends Error {
  declare code?: string;
  declare severity?: string;
  declare constraint?: string;
}

interface Reply { id: number; ok: boolean; value?: unknown; error?: { name: string; message: string; fields: Record<string, unknown> } }

export interface ThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Extra `-c name=value` settings for PostgreSQL. */
  startParams?: string[];
}

export class PgliteClient implements Queryable {
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private stopped: Error | undefined;
  private readonly outbox: Record<string, unknown>[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (replies: Reply[]) => {
      for (const reply of replies) this.settle(reply);
    });
    // A worker that dies (WebAssembly abort) fails whatever was waiting and everything after.
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('The database thread has stopped')));
  }

  static async start(options: ThreadOptions): Promise<PgliteClient> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, startParams: options.startParams },
      transferList: loadDataDir ? [loadDataDir] : [],
      // Plain JavaScript: none of the parent's loaders (tsx) or preloads are needed, or all work there.
      execArgv: [],
    });
    const stoppedEarly = () => new Error('The database thread stopped while starting');
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const started = new Promise<void>((resolve, reject) => { ready = resolve; failed = reject; });
    const onExit = () => failed(stoppedEarly());
    worker.once('message', ready).once('error', failed).once('exit', onExit);
    try {
      await started;
    } finally {
      // Not removeAllListeners: the worker's own listeners keep its message port running.
      worker.off('message', ready).off('error', failed).off('exit', onExit);
    }
    return new PgliteClient(worker);
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(toError(reply.error!));
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId;
    this.nextId += 1;
    // Only while something is asked does the worker keep the process alive (a script's last query).
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ ...message, id });
    });
  }

  /**
   * What is asked in one synchronous stretch goes as one message: each postMessage wakes
   * the worker, and under load that wake-up cost more than the queries it carried.
   */
  private send(message: Record<string, unknown>): void {
    this.outbox.push(message);
    if (this.outbox.length === 1) queueMicrotask(() => this.worker.postMessage(this.outbox.splice(0), []));
  }

  query(sql: string, params: unknown[] = [], options: { rowMode?: 'array' | 'object' } = {}, tx?: number): Promise<Results> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode, tx });
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /**
   * BEGIN, the callback, then COMMIT, or ROLLBACK when it throws. The callback's first query goes
   * without waiting for BEGIN's answer (the worker runs them in order; a failed BEGIN fails it too):
   * PGlite holds every other query off while a transaction is open, so each wait inside one counts.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.nextTx;
    this.nextTx += 1;
    const begun = this.call({ op: 'begin', tx });
    begun.catch(() => undefined); // answered through the callback's first query, or awaited below
    const handle: Queryable = {
      query: (sql, params, options) => this.query(sql, params, options, tx),
      exec: (sql) => this.exec(sql, tx),
    };
    let result: T;
    try {
      result = await work(handle);
      await begun;
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}

function toError(described: NonNullable<Reply['error']>): Error {
  // PGlite's bundle renames its classes; a SQLSTATE code with a severity is what marks its errors.
  const { code, severity } = described.fields;
  const fromPostgres = typeof code === 'string' && typeof severity === 'string';
  const error = fromPostgres ? new DatabaseError(described.message) : new Error(described.message);
  Object.assign(error, described.fields);
  return error;
}
