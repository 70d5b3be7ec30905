/**
 * Mounts a route of the shared contract (src/shared/contract): the method and path from its
 * endpoint, and the schemas for Fastify to validate the request and serialise the answer. Inside a
 * plugin registered with a prefix, the path is made relative to it.
 */
import type { FastifyInstance } from 'fastify';
import { splitEndpoint, type EndpointName } from '../../shared/contract/endpoints';
import { ROUTES, type RouteShape, type Routes } from '../../shared/contract/routes';
import { API_PATH } from '../../shared/paths';

type Maybe<N extends EndpointName, K extends keyof RouteShape> = Routes[N] extends Record<K, infer S> ? S : undefined;

export interface EndpointOptions<N extends EndpointName> {
  method: string;
  url: string;
  schema: {
    params: Maybe<N, 'params'>;
    querystring: Maybe<N, 'query'>;
    body: Maybe<N, 'body'>;
    // 201 for a new message or account, 200 for everything else and for an idempotent repeat.
    response: { 200: Routes[N]['answer']; 201: Routes[N]['answer'] };
  };
}

export function endpoint<N extends EndpointName>(app: Pick<FastifyInstance, 'prefix'>, name: N): EndpointOptions<N> {
  const { method, path } = splitEndpoint(name);
  const full = API_PATH + path;
  if (!full.startsWith(app.prefix)) throw new Error(`${name} (${full}) cannot be mounted under ${app.prefix}`);
  const shape: RouteShape = ROUTES[name];
  const schema = Object.fromEntries(Object.entries({
    params: shape.params, querystring: shape.query, body: shape.body, response: { 200: shape.answer, 201: shape.answer },
  }).filter(([, value]) => value !== undefined));
  return { method, url: full.slice(app.prefix.length) || '/', schema } as EndpointOptions<N>;
}
