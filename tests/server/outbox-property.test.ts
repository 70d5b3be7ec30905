/**
 * Property: whatever happens between typing and the server (going offline, replies lost after the
 * server stored the message, server restarts, page reloads, a crash mid-send, duplicate replays),
 * every message typed ends up on the server exactly once, in each sender's order per conversation.
 * The real client sync layer against the real server; PROPERTY_RUNS raises the count (the bench runs more).
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDirect, queueGroup } from '../../src/client/sync/outbox';
import { OfflineClient } from '../support/offline-client';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional } from './people';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

type Conv = 0 | 1 | 2;
type Action =
  | { t: 'send'; conv: Conv } | { t: 'burst'; convs: Conv[] } | { t: 'flush' } | { t: 'offline' } | { t: 'unreachable' }
  | { t: 'online' } | { t: 'loseReply' } | { t: 'reload' } | { t: 'crash' } | { t: 'replay' } | { t: 'restart' };

const conv = fc.constantFrom(0 as const, 1 as const, 2 as const);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ t: fc.constant('send' as const), conv }) },
  // Typed while nothing is sent: goes out as one batch with direct and group messages interleaved.
  { weight: 2, arbitrary: fc.record({ t: fc.constant('burst' as const), convs: fc.array(conv, { minLength: 2, maxLength: 12 }) }) },
  { weight: 3, arbitrary: fc.constant({ t: 'flush' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'offline' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'unreachable' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'online' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'loseReply' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'reload' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'crash' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'replay' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'restart' as const }) },
);

let server: TestServer;
let code: string;
let receivers: string[];
let groupId: string;

beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  receivers = [(await referredUser(server, code)).user._id, (await referredUser(server, code)).user._id];
  const admin = await signedInAdmin(server);
  groupId = (await admin.post('/api/admin/create-group', { name: 'Property circle', type: 'mental', description: 'p' })).body.group._id;
});
afterAll(async () => { await server?.close(); });

async function run(actions: Action[]): Promise<void> {
  const sender = await referredUser(server, code);
  await sender.agent.post(`/api/messages/join-group/${groupId}`);
  const client = new OfflineClient(server.baseUrl, sender.agent.cookieHeader, sender.user._id);
  const typed: string[][] = [[], [], []];
  const me = { _id: sender.user._id, fullName: sender.user.fullName, profilePic: '' };
  try {
    let n = 0;
    const type = async (c: Conv) => {
      const text = `m${(n += 1)}`;
      typed[c]!.push(text);
      if (c === 2) await queueGroup(client.db, me, groupId, text);
      else await queueDirect(client.db, me._id, receivers[c]!, text, null);
    };
    for (const a of actions) {
      if (a.t === 'send') {
        await type(a.conv);
        await client.flusher.flush();
      } else if (a.t === 'burst') {
        for (const c of a.convs) await type(c);
        await client.flusher.flush();
      } else if (a.t === 'flush') {
        client.clock += 120_000;
        await client.flusher.flush();
      } else if (a.t === 'offline') client.mode = 'offline';
      else if (a.t === 'unreachable') client.mode = 'unreachable';
      else if (a.t === 'online') {
        client.mode = 'online';
        await client.flusher.makeDue();
      }
      else if (a.t === 'loseReply') client.loseNextReply = true;
      else if (a.t === 'reload') client.reload();
      else if (a.t === 'crash') {
        // The page dies while a send is in flight: the request may still reach the server.
        client.clock += 120_000;
        const inFlight = client.flusher.flush();
        client.reload();
        await inFlight.catch(() => undefined);
      } else if (a.t === 'replay') {
        // A duplicate of an already stored message reaches the server (say, a proxy retried it).
        const sent = (await client.db.messages.toArray()).find((m) => m.status === 'sent' && m.kind === 'direct');
        if (sent) {
          const again = await sender.agent.post(`/api/messages/send/${sent.receiverId}`, { text: sent.text, clientId: sent.clientId });
          expect(again.status).toBe(200);
          expect(again.body._id).toBe(sent._id);
        }
      } else {
        await server.restart();
      }
    }
    await client.drain();

    for (const [which, path] of [[0, `/api/messages/${receivers[0]}`], [1, `/api/messages/${receivers[1]}`], [2, `/api/messages/group/${groupId}`]] as const) {
      const res = await sender.agent.get(`${path}?limit=200`);
      expect(res.status).toBe(200);
      const mine = (res.body as { senderId: string; text: string }[]).filter((m) => m.senderId === me._id).map((m) => m.text);
      expect(mine).toEqual(typed[which]);
    }
    const local = await client.db.messages.toArray();
    expect(local.every((m) => m.status === 'sent')).toBe(true);
    expect(local).toHaveLength(typed.flat().length);
  } finally {
    client.close();
  }
}

describe('outbox against the real server (fast-check)', () => {
  it(`delivers every typed message exactly once and in order (${RUNS} random sequences)`, async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), run), { numRuns: RUNS });
  }, 600_000);
});
