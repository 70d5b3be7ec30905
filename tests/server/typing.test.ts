/**
 * The typing indicator over the socket (docs/decisions/receipts-and-typing.md): relayed to the
 * other person of a direct conversation and to a group's other members, with the typist's identity
 * from their session and the name they show; never between people where one blocks the other,
 * never from someone outside the group, never from malformed events, and at most a few per socket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Typing } from '../../src/shared/realtime';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, quiet, readySocket, type ClientSocket } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const person = () => referredUser(server, code);
const online = (p: Person) => readySocket(server, p.agent, p.id);
const typing = (socket: ClientSocket, kind: 'direct' | 'group', id: string, active = true) => socket.emit('typing', { kind, id, active });

async function newGroup(...members: Person[]): Promise<string> {
  const admin = await signedInAdmin(server);
  const res = await admin.post('/api/admin/create-group', { name: `Typing ${Date.now()}${Math.random()}`, type: 'mental', description: 'typing' });
  const groupId = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${groupId}`)).status).toBe(200);
  return groupId;
}

describe('typing in a direct conversation', () => {
  it('reaches the other person with the name the typist shows, and stops', async () => {
    const [alex, sam] = [await person(), await person()];
    expect((await alex.agent.put('/api/me/display-name', { displayName: 'Lex' })).status).toBe(200);
    const [alexSocket, samSocket] = [await online(alex), await online(sam)];
    const alexHearsNothing = quiet(alexSocket, 'typing');
    const told = nextEvent(samSocket, 'typing');
    typing(alexSocket, 'direct', sam.id);
    expect(await told).toEqual<Typing>({ kind: 'direct', id: alex.id, userId: alex.id, name: 'Lex', active: true });
    const stopped = nextEvent(samSocket, 'typing');
    typing(alexSocket, 'direct', sam.id, false);
    expect(await stopped).toMatchObject({ id: alex.id, active: false });
    await alexHearsNothing;
  });

  it('never crosses a block, either way, and comes back after the unblock', async () => {
    const [alex, sam] = [await person(), await person()];
    for (const [blocker, blocked] of [[sam, alex], [alex, sam]] as const) {
      expect((await blocker.agent.put(`/api/blocks/${blocked.id}`)).status).toBe(200);
      const [alexSocket, samSocket] = [await online(alex), await online(sam)];
      const samQuiet = quiet(samSocket, 'typing', 600);
      const alexQuiet = quiet(alexSocket, 'typing', 600);
      typing(alexSocket, 'direct', sam.id);
      typing(samSocket, 'direct', alex.id);
      await Promise.all([samQuiet, alexQuiet]);
      expect((await blocker.agent.delete(`/api/blocks/${blocked.id}`)).status).toBe(200);
      closeAllSockets();
    }
    const [alexSocket, samSocket] = [await online(alex), await online(sam)];
    const told = nextEvent(samSocket, 'typing');
    typing(alexSocket, 'direct', sam.id);
    expect(await told).toMatchObject({ id: alex.id, active: true });
  });

  it('ignores malformed events, yourself, someone the typist may not write to, and more than a few at once', async () => {
    const [alex, sam] = [await person(), await person()];
    const [alexSocket, samSocket] = [await online(alex), await online(sam)];
    const none = quiet(samSocket, 'typing', 600);
    const selfNone = quiet(alexSocket, 'typing', 600);
    alexSocket.emit('typing', { kind: 'direct', id: 'not-an-id', active: true });
    alexSocket.emit('typing', { kind: 'direct', id: sam.id } as never);
    alexSocket.emit('typing', { kind: 'aura', id: sam.id, active: true } as never);
    alexSocket.emit('typing', 'typing' as never);
    typing(alexSocket, 'direct', alex.id);
    // Someone else's identity in the payload counts for nothing: the typist is the socket's person.
    alexSocket.emit('typing', { kind: 'direct', id: sam.id, active: true, userId: sam.id } as never);
    await expect(none).rejects.toThrow(`"userId":"${alex.id}"`);
    await selfNone;

    // A professional may write only to people they referred, or who wrote first: no typing to others either.
    const pro = await verifiedProfessional(server);
    const proSocket = await readySocket(server, pro.agent, pro.user._id);
    const stranger = quiet(samSocket, 'typing', 600);
    typing(proSocket, 'direct', sam.id);
    await stranger;

    const received: Typing[] = [];
    samSocket.on('typing', (t) => received.push(t));
    for (let i = 0; i < 20; i += 1) typing(alexSocket, 'direct', sam.id, i % 2 === 0);
    await quiet(samSocket, 'typing', 800, () => false);
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThanOrEqual(5);
  });
});

describe('typing in a group', () => {
  it('reaches the other members, not the typist, nor anyone either side blocks, nor from outside the group', async () => {
    const [alex, sam, kim, lee, outsider] = [await person(), await person(), await person(), await person(), await person()];
    const groupId = await newGroup(alex, sam, kim, lee);
    expect((await kim.agent.put(`/api/blocks/${alex.id}`)).status).toBe(200);
    expect((await alex.agent.put(`/api/blocks/${lee.id}`)).status).toBe(200);
    const [alexSocket, samSocket, kimSocket, leeSocket, outsiderSocket] = await Promise.all([online(alex), online(sam), online(kim), online(lee), online(outsider)]);

    const quietOnes = [quiet(alexSocket, 'typing', 600), quiet(kimSocket, 'typing', 600), quiet(leeSocket, 'typing', 600), quiet(outsiderSocket, 'typing', 600)];
    const told = nextEvent(samSocket, 'typing');
    typing(alexSocket, 'group', groupId);
    expect(await told).toEqual<Typing>({ kind: 'group', id: groupId, userId: alex.id, name: 'Test user', active: true });
    await Promise.all(quietOnes);

    const fromOutside = quiet(samSocket, 'typing', 600);
    typing(outsiderSocket, 'group', groupId);
    await fromOutside;
  });
});
