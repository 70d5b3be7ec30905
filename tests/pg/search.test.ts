/**
 * Message search on PostgreSQL (docs/decisions/message-search.md): a few matches among thousands
 * of messages of both kinds, paged while other people write, and only what the searcher may read.
 * Runs on the PostgreSQL in TEST_DATABASE_URL (test:pg).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../src/shared/api';
import { SEARCH_PAGE_SIZE } from '../../src/shared/message-rules';
import type { Agent } from '../server/agent';
import { startServer, type TestServer } from '../server/harness';
import { referredUser, signedInAdmin, verifiedProfessional } from '../server/people';

if (!process.env.TEST_DATABASE_URL) throw new Error('tests/pg needs TEST_DATABASE_URL');

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

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Search pg ${Math.random()}`, type: 'mental', description: 'search' });
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

/** `count` direct messages from one to the other; every `every`th says "needle <i>". Straight into the table, in one statement. */
async function seedDirect(from: string, to: string, count: number, every: number, tag: string): Promise<void> {
  await server.database.db.execute(sql`
    insert into direct_messages (id, sender_id, receiver_id, text, client_id)
    select substr(md5(${tag} || i::text), 1, 24), ${from}, ${to},
      case when i % ${every} = 0 then 'a needle ' || ${tag} || ' ' || i else 'hay ' || i end, ${tag} || '-' || i
    from generate_series(1, ${count}) as i`);
}

async function seedGroup(groupId: string, from: string, count: number, every: number, tag: string): Promise<void> {
  await server.database.db.execute(sql`
    insert into group_messages (id, group_id, sender_id, text, client_id)
    select substr(md5(${tag} || i::text), 1, 24), ${groupId}, ${from},
      case when i % ${every} = 0 then 'a NEEDLE ' || ${tag} || ' ' || i else 'hay ' || i end, ${tag} || '-' || i
    from generate_series(1, ${count}) as i`);
}

async function allPages(who: Person, q: string): Promise<SearchResults['results']> {
  const found: SearchResults['results'] = [];
  let before: number | undefined;
  for (;;) {
    const res = await who.agent.get<SearchResults>(`/api/messages/search?q=${encodeURIComponent(q)}${before === undefined ? '' : `&before=${before}`}`);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
    found.push(...res.body.results);
    if (!res.body.hasMore) return found;
    before = res.body.results.at(-1)!.seq;
  }
}

describe('search on PostgreSQL', () => {
  it('finds the few matches among thousands, pages them while others write, and never shows what the searcher may not read', async () => {
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    const mine = await newGroup(a, b);
    const theirs = await newGroup(c, d);
    await seedDirect(b.id, a.id, 3000, 100, 'ab');
    await seedDirect(c.id, d.id, 1500, 50, 'cd');
    await seedGroup(mine, b.id, 1500, 100, 'mine');
    await seedGroup(theirs, c.id, 1500, 50, 'theirs');
    await server.database.db.execute(sql`analyze direct_messages; analyze group_messages`);

    // b keeps writing matching messages to a while a pages back through the results.
    const live = { writing: true };
    let written = 0;
    const writer = (async () => {
      while (live.writing) {
        const items = Array.from({ length: 5 }, () => ({ kind: 'direct', to: a.id, text: `live needle ${written}`, clientId: `live-needle-${(written += 1)}` }));
        const res = await b.agent.post('/api/messages/batch', { items });
        expect(res.body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
      }
    })();
    const paged = await allPages(a, 'needle');
    live.writing = false;
    await writer;

    const seqs = paged.map((m) => m.seq);
    expect(new Set(paged.map((m) => m._id)).size).toBe(paged.length);
    expect(seqs).toEqual(seqs.toSorted((x, y) => y - x));
    const seeded = paged.filter((m) => !m.text.startsWith('live'));
    expect(seeded.filter((m) => m.text.includes('needle ab'))).toHaveLength(30);
    expect(seeded.filter((m) => m.text.includes('NEEDLE mine'))).toHaveLength(15);
    expect(seeded).toHaveLength(45);

    // Once the writing stops, one more walk finds every live message too.
    const after = await allPages(a, 'needle');
    expect(after.filter((m) => m.text.startsWith('live'))).toHaveLength(written);
    expect(after).toHaveLength(45 + written);
    expect(await allPages(d, 'needle')).toHaveLength(30 + 30);
  });

  it('folds the case of letters beyond ASCII', async () => {
    const [a, b] = [await person(), await person()];
    expect((await a.agent.post(`/api/messages/send/${b.id}`, { text: 'Zurück in die ÉCOLE', clientId: 'fold-case-1' })).status).toBe(201);
    expect((await allPages(b, 'école')).map((m) => m.text)).toEqual(['Zurück in die ÉCOLE']);
    expect((await allPages(b, 'ZURÜCK')).map((m) => m.text)).toEqual(['Zurück in die ÉCOLE']);
  });
});
