/**
 * The browser's one API function: a route's name becomes its declared method and path, with
 * parameters encoded, the query and the JSON body sent, and the answer read as JSON. Also the
 * directory refresh, which says which of its three lists failed without reading URLs.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the fake installs itself as the global indexedDB
import 'fake-indexeddb/auto';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { HavenDb } from '../../src/client/db/database';
import { call, pathOf } from '../../src/client/net/call';
import { listThatFailed, refreshDirectory } from '../../src/client/sync/directory';

interface Seen { method: string; url: URL; body: unknown }

/** A ky instance whose server is one function; records what reached it. */
function scripted(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const http = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.clone().text();
      const entry = { method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      return answer(entry);
    },
  });
  return { http, seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('call', () => {
  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(pathOf('removeGroupMember', { id: 'a/b', userId: 'c d' })).toBe('admin/groups/a%2Fb/members/c%20d');
    expect(() => pathOf('verifyUser')).toThrow(/path parameter id/);
  });

  it('sends the declared method, query and body, and answers the JSON', async () => {
    const { http, seen } = scripted(() => json([]));
    await call('groupThread', { params: { groupId: '0123456789abcdef01234567' }, query: { before: 'x', limit: 5 } }, { http });
    await call('rejectUser', { params: { id: '0123456789abcdef01234567' }, body: { reason: 'no' } }, { http });
    expect(seen.map((s) => [s.method, s.url.pathname, s.url.search, s.body])).toEqual([
      ['GET', '/api/messages/group/0123456789abcdef01234567', '?before=x&limit=5', undefined],
      ['POST', '/api/admin/reject-user/0123456789abcdef01234567', '', { reason: 'no' }],
    ]);
    const answer = scripted(() => json({ valid: true }));
    expect(await call('validateReferral', { body: { referralCode: 'ABC' } }, { http: answer.http })).toEqual({ valid: true });
  });
});

describe('refreshDirectory', () => {
  it('says which list failed and passes the error on unchanged', async () => {
    const db = new HavenDb(`directory-${Date.now()}`);
    await db.open();
    const { http } = scripted(({ url }) => (url.pathname.endsWith('/therapists') ? json({ message: 'Busy', code: 'UNAVAILABLE' }, 503) : json([])));
    const error: unknown = await refreshDirectory(db, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(listThatFailed(error)).toBe('therapists');
    expect(listThatFailed(new Error('other'))).toBeNull();
    db.close();
  });
});
