/**
 * GET /api/messages/search (docs/decisions/message-search.md): the words of every message the
 * caller may read, or of one conversation, newest first, in pages; never anything catch-up would
 * not give them, never a message taken back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, GroupMessage, SearchResults } from '../../src/shared/api';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE } from '../../src/shared/message-rules';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
});
afterAll(async () => { await server?.close(); });

interface Person { agent: Agent; id: string }
const person = async (): Promise<Person> => {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.id };
};

let n = 0;
const clientId = () => `search-test-${(n += 1).toString().padStart(6, '0')}`;

async function send(from: Person, to: Person, text: string): Promise<DirectMessage> {
  const res = await from.agent.post<DirectMessage>(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function sendGroup(from: Person, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Search ${(n += 1)}`, type: 'mental', description: 'search' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

/** The answer, or the refusal's code and message. */
type Answer = SearchResults & { code?: string; message?: string };
const search = (who: Person, query: Record<string, string | number>) =>
  who.agent.get<Answer>(`/api/messages/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

async function found(who: Person, query: Record<string, string | number>): Promise<string[]> {
  const res = await search(who, query);
  expect(res.status).toBe(200);
  return res.body.results.map((m) => m.text);
}

describe('GET /api/messages/search', () => {
  it('finds words in every conversation, newest first, ignoring case, and in one conversation only when asked', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    await send(a, b, 'The Garden was quiet today');
    await send(b, a, 'no match here');
    await sendGroup(c, groupId, 'we planted a garden together');
    await send(c, a, 'my GARDEN has tomatoes');
    const direct = await send(a, c, 'nothing to see');

    expect(await found(a, { q: 'garden' })).toEqual(['my GARDEN has tomatoes', 'we planted a garden together', 'The Garden was quiet today']);
    expect(await found(a, { q: '  GARDEN ' })).toHaveLength(3);
    await send(b, a, 'Zurück in die ÉCOLE');
    expect(await found(a, { q: 'école' })).toEqual(['Zurück in die ÉCOLE']);
    expect(await found(a, { q: 'ZURÜCK' })).toEqual(['Zurück in die ÉCOLE']);
    expect(await found(a, { q: 'garden', kind: 'direct', id: b.id })).toEqual(['The Garden was quiet today']);
    expect(await found(a, { q: 'garden', kind: 'direct', id: c.id })).toEqual(['my GARDEN has tomatoes']);
    expect(await found(a, { q: 'garden', kind: 'group', id: groupId })).toEqual(['we planted a garden together']);

    // Each result is the message as the conversation itself shows it.
    const res = await search(a, { q: 'planted' });
    const inGroup = (await a.agent.get<GroupMessage[]>(`/api/messages/group/${groupId}`)).body;
    expect(res.body.results).toEqual(inGroup.filter((m) => m.text.includes('planted')));
    const inThread = (await a.agent.get<DirectMessage[]>(`/api/messages/${c.id}`)).body;
    expect((await search(a, { q: 'to see' })).body.results).toEqual(inThread.filter((m) => m._id === direct._id));
    expect(res.body.hasMore).toBe(false);
  });

  it("never answers another person's direct messages, a group not joined, or a message taken back", async () => {
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    const joined = await newGroup(a, c);
    const notJoined = await newGroup(c, d);
    await send(c, d, 'secret pineapple between others');
    await sendGroup(d, notJoined, 'pineapple in a group a is not in');
    await sendGroup(c, joined, 'pineapple where a belongs');
    const gone = await send(b, a, 'pineapple taken back');
    const goneInGroup = await sendGroup(c, joined, 'pineapple said and unsaid');
    expect((await b.agent.delete(`/api/messages/${gone._id}`)).status).toBe(200);
    expect((await c.agent.delete(`/api/messages/${goneInGroup._id}`)).status).toBe(200);

    expect(await found(a, { q: 'pineapple' })).toEqual(['pineapple where a belongs']);
    expect(await found(b, { q: 'pineapple' })).toEqual([]);
    expect(await found(c, { q: 'pineapple' })).toHaveLength(3);

    // Leaving a group takes its messages out of search, as out of catch-up.
    expect((await a.agent.post(`/api/messages/leave-group/${joined}`)).status).toBe(200);
    expect(await found(a, { q: 'pineapple' })).toEqual([]);
  });

  it("never answers the messages of someone the caller blocks, nor those withheld from them", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    await send(b, a, 'walnut before the block');
    await sendGroup(b, groupId, 'walnut in the group');
    await sendGroup(c, groupId, 'walnut from a friend');
    await send(a, b, 'walnut I wrote to them');
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    expect(await found(a, { q: 'walnut' })).toEqual(['walnut I wrote to them', 'walnut from a friend']);
    expect(await found(a, { q: 'walnut', kind: 'direct', id: b.id })).toEqual(['walnut I wrote to them']);

    // What b sent while blocked stays withheld after the unblock; what came before comes back.
    const whileBlocked = await b.agent.post('/api/messages/batch', { items: [{ kind: 'direct', to: a.id, text: 'walnut while blocked', clientId: clientId() }] });
    expect(whileBlocked.status).toBe(200);
    expect((await a.agent.delete(`/api/blocks/${b.id}`)).status).toBe(200);
    expect(await found(a, { q: 'walnut', kind: 'direct', id: b.id })).toEqual(['walnut I wrote to them', 'walnut before the block']);
    expect(await found(a, { q: 'walnut' })).toEqual(['walnut I wrote to them', 'walnut from a friend', 'walnut in the group', 'walnut before the block']);
    // Their sender still finds it: it is their own.
    expect(await found(b, { q: 'while blocked' })).toEqual(['walnut while blocked']);
  });

  it('takes %, _ and \\ in the query as themselves', async () => {
    const [a, b] = [await person(), await person()];
    await send(a, b, 'save 50% now');
    await send(a, b, 'save 50 now');
    await send(a, b, 'file_name here');
    await send(a, b, 'fileXname here');
    await send(a, b, 'a back\\slash');
    await send(a, b, 'a backslash');
    expect(await found(a, { q: '50%' })).toEqual(['save 50% now']);
    expect(await found(a, { q: '%%' })).toEqual([]);
    expect(await found(a, { q: 'e_n' })).toEqual(['file_name here']);
    expect(await found(a, { q: '__' })).toEqual([]);
    expect(await found(a, { q: 'k\\s' })).toEqual(['a back\\slash']);
  });

  it('pages back by seq until nothing is left, with no overlap', async () => {
    const [a, b] = [await person(), await person()];
    const groupId = await newGroup(a, b);
    const count = SEARCH_PAGE_SIZE * 2 + 5;
    const items = Array.from({ length: count }, (_, i) => (i % 3 === 0
      ? { kind: 'group', groupId, text: `lantern ${i}`, clientId: clientId() }
      : { kind: 'direct', to: b.id, text: `lantern ${i}`, clientId: clientId() }));
    expect((await a.agent.post('/api/messages/batch', { items })).status).toBe(200);

    const pages: SearchResults[] = [];
    let before: number | undefined;
    for (;;) {
      const res = await search(b, { q: 'lantern', ...(before === undefined ? {} : { before }) });
      expect(res.status).toBe(200);
      pages.push(res.body);
      if (!res.body.hasMore) break;
      before = res.body.results.at(-1)!.seq;
    }
    expect(pages.map((p) => p.results.length)).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 5]);
    const all = pages.flatMap((p) => p.results);
    expect(all.map((m) => m.text)).toEqual(Array.from({ length: count }, (_, i) => `lantern ${count - 1 - i}`));
    expect(all.map((m) => m.seq)).toEqual(all.map((m) => m.seq).toSorted((x, y) => y - x));
  });

  it('refuses a query too short or too long, a kind without an id, and a conversation the caller may not read', async () => {
    const [a, b] = [await person(), await person()];
    const groupId = await newGroup(b);
    const refusal = async (query: Record<string, string>) => {
      const res = await search(a, query);
      return { status: res.status, code: res.body.code, message: res.body.message };
    };
    expect(await refusal({ q: 'a' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'Search for at least 2 characters' });
    expect(await refusal({ q: ' a ' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'Search for at least 2 characters' });
    expect(await refusal({ q: 'x'.repeat(SEARCH_MAX_LENGTH + 1) }))
      .toEqual({ status: 400, code: 'VALIDATION_FAILED', message: `Search for at most ${SEARCH_MAX_LENGTH} characters` });
    expect(await refusal({ q: 'hello', kind: 'direct' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'kind and id go together' });
    expect(await refusal({ q: 'hello', id: b.id })).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'kind and id go together' });
    expect(await refusal({ q: 'hello', kind: 'aura', id: b.id })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await refusal({ q: 'hello', before: '-3' })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await refusal({ q: 'hello', kind: 'group', id: groupId })).toEqual({ status: 403, code: 'FORBIDDEN', message: 'Join the group to read its messages' });
    expect(await refusal({ q: 'hello', kind: 'group', id: 'ffffffffffffffffffffffff' })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal({ q: 'hello', kind: 'direct', id: 'ffffffffffffffffffffffff' }))
      .toEqual({ status: 404, code: 'NOT_FOUND', message: 'Invalid user selected' });
    expect((await server.agent().get('/api/messages/search?q=hello')).status).toBe(401);
  });

  it('stops a person searching without pause, and only that person', async () => {
    const [a, b] = [await person(), await person()];
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await search(a, { q: `word${i}` })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await search(a, { q: 'again' });
    expect({ status: refused.status, code: refused.body.code, retry: Number(refused.headers.get('retry-after')) > 0 })
      .toEqual({ status: 429, code: 'RATE_LIMITED', retry: true });
    expect((await search(b, { q: 'again' })).status).toBe(200);
  });
});
