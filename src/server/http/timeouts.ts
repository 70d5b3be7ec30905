/**
 * How long a connection may take, so a half-sent request cannot hold a socket forever: the
 * headers must arrive within HEADERS_TIMEOUT (a slow drip of header bytes included), the whole
 * request within REQUEST_TIMEOUT, and a socket with no traffic at all closes after IDLE_TIMEOUT.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

export function serverTimeouts(config: Config): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  const headersTimeout = config.HEADERS_TIMEOUT_SECONDS * 1000;
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts above only this often (30 s by default, which would let a
      // 20 s limit run to 50 s): a quarter of the headers limit, between 250 ms and 5 s.
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, headersTimeout / 4)),
    },
  };
}
