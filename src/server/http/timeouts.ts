/**
 * How long a connection may take, so a half-sent request cannot hold a socket forever: the
 * headers must arrive within HEADERS_TIMEOUT (a slow drip of header bytes included), the whole
 * request within REQUEST_TIMEOUT, and a socket with no traffic at all closes after IDLE_TIMEOUT.
 * A stop waits on none of them.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

export function serverTimeouts(config: Config): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'forceCloseConnections'> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  const headersTimeout = config.HEADERS_TIMEOUT_SECONDS * 1000;
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    // A stop closes every connection once the preClose hooks are done (work worth finishing, such
    // as Aura's answers, waits there). The default closes only idle ones, and Node counts as busy a
    // connection that has not sent a request yet (a browser's preconnect, or the one a client
    // opens again after cancelling a request), and one whose answer went out after the stop began
    // (it stays open for keep-alive): the stop then waited up to IDLE_TIMEOUT or KEEP_ALIVE_TIMEOUT
    // on people who had left. Anyone cut off sends again (the app's outbox, same clientId).
    forceCloseConnections: true,
    http: {
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts above only this often (30 s by default, which would let a
      // 20 s limit run to 50 s): a quarter of the headers limit, between 250 ms and 5 s.
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, headersTimeout / 4)),
    },
  };
}
