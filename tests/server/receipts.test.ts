/**
 * Delivered and read receipts of direct messages (docs/decisions/receipts-and-typing.md): GET
 * /api/receipts, PUT /api/receipts/delivered, the read position's receipt, the read-receipts
 * setting, and the live `receipt` event. Positions never move back (also with several writers at
 * once: this file runs on PostgreSQL too as test:pg); nothing is told about or to anyone either
 * side blocks; with receipts off `read` is null both ways while delivered stays; refused input
 * changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser, Receipt } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, quiet, readySocket } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `receipts-test-${(n += 1).toString().padStart(6, '0')}`;
const person = () => referredUser(server, code);

async function send(from: Person, to: Person, text = 'hello'): Promise<number> {
  const res = await from.agent.post(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body.seq as number;
}

async function receipts(agent: Agent): Promise<Receipt[]> {
  const res = await agent.get<Receipt[]>('/api/receipts');
  expect(res.status).toBe(200);
  return res.body;
}
const receiptOf = async (agent: Agent, id: string) => (await receipts(agent)).find((r) => r.id === id);

const delivered = (who: Person, positions: { id: string; seq: number }[]) => who.agent.put('/api/receipts/delivered', { positions });
const readUpTo = (who: Person, other: Person, seq: number) => who.agent.put(`/api/reads/direct/${other.id}`, { seq });
const setReceipts = (who: Person, on: boolean) => who.agent.put<AuthUser>('/api/me/read-receipts', { on });

async function secondDevice(p: Person): Promise<Agent> {
  const agent = server.agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}

describe('delivered and read receipts', () => {
  it('answers nothing before anything reached the other person, then delivered, then read', async () => {
    const [alex, sam] = [await person(), await person()];
    expect(await receipts(alex.agent)).toEqual([]);
    const first = await send(alex, sam, 'one');
    const second = await send(alex, sam, 'two');
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: 0, read: 0 });

    expect((await delivered(sam, [{ id: alex.id, seq: first }])).status).toBe(200);
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: first, read: 0 });
    // What Sam has received of Alex's is Alex's business only: Sam's own list says nothing about it.
    expect(await receipts(sam.agent)).toEqual([]);

    // Reading implies delivery: the read position lifts delivered too.
    expect((await readUpTo(sam, alex, second)).status).toBe(200);
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: second, read: second });
  });

  it('tells the sender live, on every device, and not the receiver; a report that moves nothing is not told', async () => {
    const [alex, sam] = [await person(), await person()];
    const seq = await send(alex, sam);
    const alexPhone = await readySocket(server, await secondDevice(alex), alex.id);
    const alexTab = await readySocket(server, alex.agent, alex.id);
    const samSocket = await readySocket(server, sam.agent, sam.id);
    const samHearsNothing = quiet(samSocket, 'receipt');
    const told = [nextEvent(alexPhone, 'receipt'), nextEvent(alexTab, 'receipt')];
    await delivered(sam, [{ id: alex.id, seq }]);
    expect(await Promise.all(told)).toEqual([{ id: sam.id, delivered: seq, read: 0 }, { id: sam.id, delivered: seq, read: 0 }]);
    await samHearsNothing;

    const again = quiet(alexTab, 'receipt');
    expect((await delivered(sam, [{ id: alex.id, seq }])).status).toBe(200);
    await again;

    const read = nextEvent(alexTab, 'receipt');
    await readUpTo(sam, alex, seq);
    expect(await read).toEqual({ id: sam.id, delivered: seq, read: seq });
  });

  it('takes many senders in one request, the newest per sender, and never moves a position back', async () => {
    const [sam, alex, kim] = [await person(), await person(), await person()];
    const a1 = await send(alex, sam);
    const a2 = await send(alex, sam);
    const k1 = await send(kim, sam);
    const res = await delivered(sam, [{ id: alex.id, seq: a2 }, { id: kim.id, seq: k1 }, { id: alex.id, seq: a1 }]);
    expect(res.status).toBe(200);
    expect((await receiptOf(alex.agent, sam.id))?.delivered).toBe(a2);
    expect((await receiptOf(kim.agent, sam.id))?.delivered).toBe(k1);
    // A late report from another device answers success and changes nothing.
    expect((await delivered(sam, [{ id: alex.id, seq: a1 }])).status).toBe(200);
    expect((await receiptOf(alex.agent, sam.id))?.delivered).toBe(a2);
  });

  it('devices racing end at the newest position any of them sent', async () => {
    const [sam, alex] = [await person(), await person()];
    const seqs: number[] = [];
    for (let i = 0; i < 10; i += 1) seqs.push(await send(alex, sam, `race ${i}`));
    const devices = [sam.agent, await secondDevice(sam), await secondDevice(sam)];
    const writes = devices.flatMap((device, d) => (d % 2 ? [...seqs].reverse() : seqs).map((seq) => device.put('/api/receipts/delivered', { positions: [{ id: alex.id, seq }] })));
    const reads = seqs.map((seq, i) => devices[i % devices.length]!.put(`/api/reads/direct/${alex.id}`, { seq }));
    expect((await Promise.all([...writes, ...reads])).every((r) => r.status === 200)).toBe(true);
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: Math.max(...seqs), read: Math.max(...seqs) });
  });

  it('refuses a seq no message backs, and a bad body, changing nothing', async () => {
    const [sam, alex, kim] = [await person(), await person(), await person()];
    const seq = await send(alex, sam);
    const mine = await send(sam, alex, 'my own message');
    await delivered(sam, [{ id: alex.id, seq }]);

    const beyond = await delivered(sam, [{ id: kim.id, seq: 1 }, { id: alex.id, seq: seq + 1000 }]);
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'That person has sent you no message with that number' });
    // Nothing of it was stored, not even the part that was fine on its own.
    expect((await receiptOf(alex.agent, sam.id))?.delivered).toBe(seq);
    // Kim never wrote to Sam; Sam never writes to herself; Sam's own message is not one Alex sent her.
    for (const positions of [[{ id: kim.id, seq: 1 }], [{ id: sam.id, seq: mine }], [{ id: alex.id, seq: mine }]]) {
      expect((await delivered(sam, positions)).status).toBe(400);
    }
    expect((await receiptOf(alex.agent, sam.id))?.delivered).toBe(seq);
    expect(await receipts(kim.agent)).toEqual([]);

    for (const body of [{}, { positions: [] }, { positions: [{ id: 'nope', seq: 1 }] }, { positions: [{ id: alex.id, seq: 0 }] }, { positions: [{ id: alex.id, seq: 1.5 }] }]) {
      const res = await sam.agent.put('/api/receipts/delivered', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await receiptOf(alex.agent, sam.id))?.delivered).toBe(seq);
  });
});

describe('blocks', () => {
  it('says nothing about or to anyone either side blocks, live or asked, and comes back after an unblock', async () => {
    const [alex, sam] = [await person(), await person()];
    const seq = await send(alex, sam);
    await delivered(sam, [{ id: alex.id, seq }]);
    expect(await receiptOf(alex.agent, sam.id)).toBeDefined();

    for (const [blocker, blocked] of [[sam, alex], [alex, sam]] as const) {
      expect((await blocker.agent.put(`/api/blocks/${blocked.id}`)).status).toBe(200);
      expect(await receiptOf(alex.agent, sam.id)).toBeUndefined();
      const alexSocket = await readySocket(server, alex.agent, alex.id);
      const silent = quiet(alexSocket, 'receipt');
      // Sam reads Alex's thread while the block holds: Alex is not told.
      expect((await readUpTo(sam, alex, seq)).status).toBe(200);
      await silent;
      expect((await blocker.agent.delete(`/api/blocks/${blocked.id}`)).status).toBe(200);
    }
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: seq, read: seq });
  });
});

describe('the read-receipts setting', () => {
  it('is on by default, answered on the signed-in person, and saved', async () => {
    const sam = await person();
    expect(sam.user.readReceipts).toBe(true);
    const off = await setReceipts(sam, false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ _id: sam.id, readReceipts: false });
    expect((await sam.agent.get<AuthUser>('/api/auth/check')).body.readReceipts).toBe(false);
    expect((await sam.agent.put('/api/me/read-receipts', { on: 'no' })).status).toBe(400);
    expect((await sam.agent.get<AuthUser>('/api/auth/check')).body.readReceipts).toBe(false);
  });

  it('off hides my reads from others and theirs from me; delivered stays; on shows both again, live', async () => {
    const [alex, sam] = [await person(), await person()];
    const toSam = await send(alex, sam, 'from Alex');
    const toAlex = await send(sam, alex, 'from Sam');
    await readUpTo(sam, alex, toAlex);
    await readUpTo(alex, sam, toAlex);
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: toAlex, read: toAlex });

    const alexSocket = await readySocket(server, alex.agent, alex.id);
    const samSocket = await readySocket(server, sam.agent, sam.id);
    const alexTold = nextEvent(alexSocket, 'receipt');
    const samTold = nextEvent(samSocket, 'receipt');
    await setReceipts(sam, false);
    expect(await alexTold).toEqual({ id: sam.id, delivered: toAlex, read: null });
    expect(await samTold).toEqual({ id: alex.id, delivered: toAlex, read: null });
    expect(await receiptOf(alex.agent, sam.id)).toEqual({ id: sam.id, delivered: toAlex, read: null });
    expect(await receiptOf(sam.agent, alex.id)).toEqual({ id: alex.id, delivered: toAlex, read: null });
    expect(toSam).toBeLessThan(toAlex);

    // Sam reads on with receipts off: Alex sees delivered move, never read.
    const next = await send(alex, sam, 'again');
    const moved = nextEvent(alexSocket, 'receipt');
    await readUpTo(sam, alex, next);
    expect(await moved).toEqual({ id: sam.id, delivered: next, read: null });

    const back = nextEvent(alexSocket, 'receipt');
    await setReceipts(sam, true);
    expect(await back).toEqual({ id: sam.id, delivered: next, read: next });
  });
});
