/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify 5.12 ignores a bare hop count (it cannot
 * check who the nearest peer is), so a count becomes the equivalent function: the nearest `hops`
 * addresses of the chain (the socket's, then X-Forwarded-For from the right) are proxies, and the
 * client is the next one. Anything further left was written by the client and is never believed.
 */
import type { Config } from '../config';

export type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

export function trustProxyOption(value: Config['TRUST_PROXY']): TrustProxyOption {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
