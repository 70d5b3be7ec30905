/**
 * A TCP proxy in front of PostgreSQL, so a test can take the database away from one server and
 * give it back: `cut()` ends every connection through it and refuses new ones (what a PostgreSQL
 * restart or failover looks like from the server), `restore()` listens again on the same port;
 * `freeze()` silently stops carrying the open connections (a peer that vanished without a word)
 * while new ones work.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The database URL with its host and port replaced by the proxy's. */
  url: string;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const live = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      live.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        live.delete(a);
        b.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
    pairs.add([client, upstream]);
    client.on('close', () => pairs.forEach((p) => p[0] === client && pairs.delete(p)));
  });
  const listen = (port: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of live) socket.destroy();
    if (server.listening) server.close(() => resolve());
    else resolve();
  });
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const freeze = () => {
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    pairs.clear();
  };
  return { url: url.toString(), cut: stop, freeze, restore: async () => { await listen(port); }, close: stop };
}
