/**
 * Refuses text that no person types and PostgreSQL cannot store: a NUL byte (text columns refuse
 * it, so the insert fails with a 500) and a lone UTF-16 surrogate (half an emoji, which JSON lets
 * through as "\ud800" and UTF-8 cannot encode). One preValidation hook checks the body, the query
 * and the path's parameters of every route, so no handler or query ever sees such text.
 */
import type { FastifyRequest } from 'fastify';
import { splitEndpoint } from '../../shared/contract/endpoints';
import { API_PATH } from '../../shared/paths';
import { isAllowedText, TEXT_NOT_ALLOWED } from '../../shared/text';
import { AppError } from './errors';

/** The batch send checks each message's text itself (batchItemSchema), so one bad message fails alone. */
const BATCH_URL = API_PATH + splitEndpoint('sendBatch').path;

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Where in `value` the first disallowed string is (a key counts too), or undefined. Iterative: a
 * 1 MB body of nested arrays is deeper than the call stack.
 */
export function findDisallowedText(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (!isAllowedText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => pending.push([child, join(path, i)]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (!isAllowedText(key)) return path;
        pending.push([child, join(path, key)]);
      }
    }
  }
  return undefined;
}

/**
 * The query parser keeps a percent sequence that is not UTF-8 as it is (`%ED%A0%80`, a lone
 * surrogate's bytes, arrives as those nine characters): such a query is refused, not passed on.
 */
function queryIsUtf8(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the route's own params schema refuses them. A bad path parameter is first of all a bad
 * id, and that check answers in the route's words (INVALID_ID, or the spec's 'Invalid chat ID format').
 */
function routeRefusesParams(request: FastifyRequest): boolean {
  const validate = request.getValidationFunction('params') as ((data: unknown) => unknown) | undefined;
  if (!validate) return false;
  const result = validate(request.params);
  return result === false || (typeof result === 'object' && result !== null && Boolean((result as { error?: unknown }).error));
}

export async function textGuard(request: FastifyRequest): Promise<void> {
  // Body fields are named as the client sent them; the query and path by where they came from.
  const where = (queryIsUtf8(request.url) ? undefined : 'query')
    ?? (request.routeOptions.url === BATCH_URL ? undefined : findDisallowedText(request.body, ''))
    ?? findDisallowedText(request.query, 'query')
    ?? findDisallowedText(request.params, 'params');
  if (where === undefined) return;
  if (where.startsWith('params') && routeRefusesParams(request)) return;
  throw new AppError('VALIDATION_FAILED', TEXT_NOT_ALLOWED, { fields: { [where || 'body']: TEXT_NOT_ALLOWED } });
}
