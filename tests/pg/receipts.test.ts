/**
 * Receipts and typing (docs/decisions/receipts-and-typing.md) on PostgreSQL with two instances:
 * delivered and read positions written all at once through both end at the newest (never back,
 * no deadlock between reports naming the same senders in other orders); refused reports change
 * nothing; a block holds for receipts and typing across instances; receipts off hides reads both
 * ways while delivered still moves.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../src/shared/api';
import type { Agent } from '../server/agent';
import { PASSWORD, referredUser, verifiedProfessional } from '../server/people';
import { closeAllSockets, nextEvent, quiet, readySocket } from '../server/socket-client';
import { freshDatabase, sameBrowserOn, startInstance, type Instance } from './instances';

let one: Instance;
let two: Instance;
let code: string;
beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  one = await startInstance(databaseUrl);
  two = await startInstance(databaseUrl);
  code = (await verifiedProfessional(one)).code;
}, 60_000);
afterEach(() => closeAllSockets());

interface Person { id: string; email: string; on: Record<1 | 2, Agent> }
async function person(): Promise<Person> {
  const made = await referredUser(one, code);
  return { id: made.id, email: made.email, on: { 1: made.agent, 2: sameBrowserOn(made.agent, two) } };
}
const instance = (i: 1 | 2) => (i === 1 ? one : two);
async function device(p: Person, i: 1 | 2): Promise<Agent> {
  const agent = instance(i).agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}

let n = 0;
async function send(from: Person, to: Person): Promise<number> {
  const res = await from.on[1].post(`/api/messages/send/${to.id}`, { text: `pg ${(n += 1)}`, clientId: `pg-receipts-${n.toString().padStart(6, '0')}` });
  expect(res.status).toBe(201);
  return res.body.seq as number;
}
async function receiptOf(viewer: Person, id: string): Promise<Receipt | undefined> {
  const res = await viewer.on[2].get<Receipt[]>('/api/receipts');
  expect(res.status).toBe(200);
  return res.body.find((r) => r.id === id);
}

describe('receipts on PostgreSQL, two instances', () => {
  it('many devices report delivered and read at once, in every order: each position ends at the newest', async () => {
    const [sam, alex, kim] = [await person(), await person(), await person()];
    const fromAlex: number[] = [];
    const fromKim: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      fromAlex.push(await send(alex, sam));
      fromKim.push(await send(kim, sam));
    }
    const devices = [await device(sam, 1), await device(sam, 2), await device(sam, 1), await device(sam, 2)];
    const writes = devices.flatMap((agent, d) => fromAlex.map((a, i) => {
      const k = fromKim[i]!;
      // Both senders in one report, named in opposite orders on alternate devices.
      const positions = d % 2 ? [{ id: kim.id, seq: k }, { id: alex.id, seq: a }] : [{ id: alex.id, seq: a }, { id: kim.id, seq: k }];
      return agent.put('/api/receipts/delivered', { positions });
    }));
    const reads = devices.flatMap((agent, d) => (d % 2 ? [...fromAlex].reverse() : fromAlex).map((seq) => agent.put(`/api/reads/direct/${alex.id}`, { seq })));
    const answers = await Promise.all([...writes, ...reads]);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(await receiptOf(alex, sam.id)).toEqual({ id: sam.id, delivered: Math.max(...fromAlex), read: Math.max(...fromAlex) });
    expect(await receiptOf(kim, sam.id)).toEqual({ id: sam.id, delivered: Math.max(...fromKim), read: 0 });
  });

  it('a refused report stores nothing of itself, while good ones race beside it', async () => {
    const [sam, alex] = [await person(), await person()];
    const seqs = [await send(alex, sam), await send(alex, sam), await send(alex, sam)];
    const bad = { positions: [{ id: alex.id, seq: seqs[2]! + 500 }] };
    const answers = await Promise.all([
      sam.on[1].put('/api/receipts/delivered', { positions: [{ id: alex.id, seq: seqs[0] }] }),
      sam.on[2].put('/api/receipts/delivered', bad),
      sam.on[1].put('/api/receipts/delivered', bad),
      sam.on[2].put('/api/receipts/delivered', { positions: [{ id: alex.id, seq: seqs[1] }] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 200]);
    expect((await receiptOf(alex, sam.id))?.delivered).toBe(seqs[1]);
  });

  it('a block made through one instance holds for receipts and typing on the other', async () => {
    const [sam, alex] = [await person(), await person()];
    const seq = await send(alex, sam);
    const alexOnTwo = await readySocket(two, alex.on[2], alex.id);
    const samOnOne = await readySocket(one, sam.on[1], sam.id);
    const typed = nextEvent(alexOnTwo, 'typing');
    samOnOne.emit('typing', { kind: 'direct', id: alex.id, active: true });
    expect(await typed).toMatchObject({ kind: 'direct', id: sam.id, active: true });

    expect((await sam.on[1].put(`/api/blocks/${alex.id}`)).status).toBe(200);
    const noReceipt = quiet(alexOnTwo, 'receipt', 800);
    const noTyping = quiet(alexOnTwo, 'typing', 800);
    const samHearsNothing = quiet(samOnOne, 'typing', 800);
    expect((await sam.on[1].put('/api/receipts/delivered', { positions: [{ id: alex.id, seq }] })).status).toBe(200);
    samOnOne.emit('typing', { kind: 'direct', id: alex.id, active: true });
    alexOnTwo.emit('typing', { kind: 'direct', id: sam.id, active: true });
    await Promise.all([noReceipt, noTyping, samHearsNothing]);
    expect(await receiptOf(alex, sam.id)).toBeUndefined();

    expect((await sam.on[2].delete(`/api/blocks/${alex.id}`)).status).toBe(200);
    expect(await receiptOf(alex, sam.id)).toEqual({ id: sam.id, delivered: seq, read: 0 });
  });

  it('receipts off: read is null both ways, delivered still moves and is told across instances', async () => {
    const [sam, alex] = [await person(), await person()];
    const toSam = await send(alex, sam);
    const toAlex = await send(sam, alex);
    expect((await alex.on[1].put('/api/me/read-receipts', { on: false })).body.readReceipts).toBe(false);
    const alexOnTwo = await readySocket(two, alex.on[2], alex.id);
    const told = nextEvent(alexOnTwo, 'receipt');
    expect((await sam.on[1].put(`/api/reads/direct/${alex.id}`, { seq: toAlex })).status).toBe(200);
    expect(await told).toEqual({ id: sam.id, delivered: toAlex, read: null });
    expect((await alex.on[2].put(`/api/reads/direct/${sam.id}`, { seq: toAlex })).status).toBe(200);
    expect(await receiptOf(sam, alex.id)).toEqual({ id: alex.id, delivered: toAlex, read: null });
    expect(toSam).toBeLessThan(toAlex);
  });
});
