/**
 * A property over every route of the shared table: whatever arrives in the path, the query and
 * the body (any JSON, any Unicode, NUL bytes and lone surrogates included), from a stranger, a
 * person or the admin, the server answers a clear 4xx or a success — never a 5xx. Long run
 * (npm run test:long; test:pg runs it on PostgreSQL).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, splitEndpoint, type EndpointName } from '../../src/shared/contract/endpoints';
import type { Agent } from './agent';
import { buildWorld, type World } from './access-matrix';
import { startServer, type TestServer } from './harness';

/** Routes that end the caller's own session whatever they are sent; fuzzed by strangers only. */
const ENDS_SESSION: EndpointName[] = ['logout', 'endOtherSessions', 'signup', 'login', 'resetPassword'];

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udfffb', '0123456789abcdef01234567', '../../etc/passwd', '%00', '-1', '1e309', 'null'),
  fc.string({ minLength: 200, maxLength: 5_000 }),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('text', 'email', 'password', 'items', 'image', 'img', 'clientId', 'question', 'prompt', 'reason', 'name',
    'type', 'description', 'currentPassword', 'newPassword', 'resetCode', 'profilePic', 'message', 'referralCode', 'role', 'chatId'),
  fc.oneof(text, fc.jsonValue({ maxDepth: 2 }))),
);

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startServer();
  world = await buildWorld(server);
}, 60_000);
afterAll(async () => { await server?.close(); });

/** A path segment as a client would send it; a lone surrogate has no UTF-8 form, so its raw bytes go instead. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function urlFor(name: EndpointName, segments: string[], query: Record<string, string>): string {
  let i = 0;
  const path = splitEndpoint(name).path.replace(/:\w+/g, () => segment(segments[i++] ?? ''));
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

describe('every route under random input', () => {
  it.each(Object.keys(ENDPOINTS) as EndpointName[])('%s never answers a server error', async (name) => {
    const actors: Agent[] = ENDS_SESSION.includes(name) ? [server.agent()] : [server.agent(), world.agents.user, world.agents.admin];
    const failures: string[] = [];
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...actors.keys()), fc.array(text, { minLength: 2, maxLength: 2 }), fc.dictionary(fc.constantFrom('since', 'limit', 'before', 'role', 'x'), text), body,
      async (who, segments, query, payload) => {
        const { method } = splitEndpoint(name);
        const agent = ENDS_SESSION.includes(name) ? server.agent() : actors[who]!;
        const res = await agent.request(method, urlFor(name, segments, query), method === 'GET' ? undefined : payload);
        if (res.status >= 500) failures.push(`${res.status} ${method} ${urlFor(name, segments, query)} ${JSON.stringify(payload).slice(0, 200)}`);
        return res.status < 500;
      },
    ), { numRuns: 15, seed: 20261123 });
    expect(failures).toEqual([]);
  }, 60_000);
});
