/**
 * The browser's one way to reach the API: `call('login', { body })`. The method and path come from
 * the shared endpoint table and the input and answer types from the shared route schemas
 * (src/shared/contract), so feature code names a route, never a path, and never casts JSON.
 */
import type { KyInstance, Options } from 'ky';
import { splitEndpoint, type EndpointName } from '../../shared/contract/endpoints';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf, Routes } from '../../shared/contract/routes';
import { api } from './api';

type Has<N extends EndpointName, K extends string> = Routes[N] extends Record<K, unknown> ? true : false;

/** Only the parts the route declares; `body` is optional where its schema accepts nothing (rejectUser). */
export type CallInput<N extends EndpointName> =
  (Has<N, 'params'> extends true ? { params: ParamsOf<N> } : { params?: never })
  & (Has<N, 'query'> extends true ? { query?: QueryOf<N> } : { query?: never })
  & (Has<N, 'body'> extends true ? (undefined extends BodyOf<N> ? { body?: BodyOf<N> } : { body: BodyOf<N> }) : { body?: never });

export interface CallOptions {
  signal?: AbortSignal;
  timeout?: Options['timeout'];
  /** Another ky instance with the same hooks (tests, or a caller with its own retry policy). */
  http?: KyInstance;
}

type NeedsInput<N extends EndpointName> = Has<N, 'params'> extends true ? true
  : Has<N, 'body'> extends true ? (undefined extends BodyOf<N> ? false : true) : false;
type Args<N extends EndpointName> = NeedsInput<N> extends true ? [CallInput<N>, CallOptions?] : [CallInput<N>?, CallOptions?];

/** The path with its parameters filled in, relative to ky's /api prefix. */
export function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  return splitEndpoint(name).path.slice(1).replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

export async function call<N extends EndpointName>(name: N, ...[input, options = {}]: Args<N>): Promise<AnswerOf<N>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const searchParams = query
    ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]))
    : undefined;
  const { http = api, signal, timeout } = options;
  const response = http(pathOf(name, params), {
    method: splitEndpoint(name).method,
    searchParams,
    ...(body !== undefined && { json: body }),
    ...(signal && { signal }),
    ...(timeout !== undefined && { timeout }),
  });
  // The one cast: the server serialises every answer through this route's schema.
  return response.json<AnswerOf<N>>();
}
