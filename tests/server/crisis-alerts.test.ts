/**
 * "Let my professional know" (docs/decisions/crisis-alerts.md): off by default; when on, a
 * crisis-tier message of the person's own (direct, group or Aura) gives their referring
 * professional an alert with no words, live, at most once per interval; someone else's risk, a
 * retried send, and the off switch alert nobody. Run on PostgreSQL too (test:pg): several crisis
 * messages at once make one alert.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser, GroupSummary } from '../../src/shared/api';
import type { CrisisAlertList } from '../../src/shared/crisis-alerts';
import type { Agent } from './agent';
import { createChat } from './aura-chat';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, noEvent, readySocket } from './socket-client';

let server: TestServer;
let pro: Awaited<ReturnType<typeof verifiedProfessional>>;
let peer: Person;
beforeAll(async () => {
  server = await startServer();
  pro = await verifiedProfessional(server);
  peer = await referredUser(server, pro.code);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `crisis-alert-${(n += 1)}`;
const CRISIS = 'i want to kill myself tonight';

async function optedIn(): Promise<Person> {
  const p = await referredUser(server, pro.code);
  const res = await p.agent.put<AuthUser>('/api/me/crisis-alerts', { enabled: true });
  expect(res.status).toBe(200);
  expect(res.body.crisisAlerts).toBe(true);
  return p;
}
const alerts = async (agent: Agent = pro.agent) => (await agent.get<CrisisAlertList>('/api/safety/alerts')).body.alerts;
const alertsFor = async (id: string) => (await alerts()).filter((a) => a.client._id === id);
/** As if the interval had passed: the person's last alert three hours and a minute ago. */
const intervalPassed = (id: string) => server.database.db.execute(sql`update users set last_crisis_alert_at = now() - interval '181 minutes' where id = ${id}`);

describe('the opt-in', () => {
  it('is off by default, and a crisis message then alerts nobody', async () => {
    const p = await referredUser(server, pro.code);
    expect(p.user.crisisAlerts).toBe(false);
    expect((await p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() })).status).toBe(201);
    expect(await alertsFor(p.id)).toEqual([]);
  });

  it('needs a referring professional: without one it is refused with a clear message and nothing changes', async () => {
    const { agent } = await verifiedProfessional(server);
    const res = await agent.put<{ message: string; code: string }>('/api/me/crisis-alerts', { enabled: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('No professional referred you to Haven, so there is no one to let know.');
    expect((await agent.get<AuthUser>('/api/auth/check')).body.crisisAlerts).toBe(false);
  });

  it('refuses a body that is not on or off', async () => {
    const p = await referredUser(server, pro.code);
    const res = await p.agent.put<{ code: string }>('/api/me/crisis-alerts', { enabled: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('is nobody else\'s business: the admin\'s view of the person does not carry it', async () => {
    const p = await optedIn();
    const admin = await signedInAdmin(server);
    const all = await admin.get<Record<string, unknown>[]>('/api/admin/all-users?role=all');
    const seen = all.body.find((u) => u._id === p.id);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('crisisAlerts');
  });
});

describe('the alert', () => {
  it('reaches the professional live, names the person and carries none of their words', async () => {
    const p = await optedIn();
    const socket = await readySocket(server, pro.agent, pro.user._id);
    const told = nextEvent(socket, 'crisisAlert');
    const sent = await p.agent.post<{ help?: unknown }>(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() });
    expect(sent.body.help).toBeDefined();
    await told;
    const mine = await alertsFor(p.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ client: { _id: p.id, fullName: p.user.fullName }, seen: false });
    expect(JSON.stringify(await alerts())).not.toContain('kill');
  });

  it('comes at most once per interval, then again after it', async () => {
    const p = await optedIn();
    for (let i = 0; i < 3; i++) await p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() });
    expect(await alertsFor(p.id)).toHaveLength(1);
    await intervalPassed(p.id);
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: 'i cant do this anymore i want to die', clientId: clientId() });
    expect(await alertsFor(p.id)).toHaveLength(2);
  });

  it('several crisis messages at once (a batch and parallel sends) make one alert', async () => {
    const p = await optedIn();
    const items = Array.from({ length: 4 }, () => ({ kind: 'direct', to: peer.id, text: CRISIS, clientId: clientId() }));
    await Promise.all([
      p.agent.post('/api/messages/batch', { items }),
      ...Array.from({ length: 4 }, () => p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() })),
    ]);
    expect(await alertsFor(p.id)).toHaveLength(1);
  });

  it('comes from a group message and from Aura too', async () => {
    const p = await optedIn();
    const admin = await signedInAdmin(server);
    const group = (await admin.post<{ group: GroupSummary }>('/api/admin/create-group', { name: `Alerts ${clientId()}`, type: 'mental', description: 'd' })).body.group;
    expect((await p.agent.post(`/api/messages/join-group/${group._id}`)).status).toBe(200);
    expect((await p.agent.post(`/api/messages/send-group/${group._id}`, { text: CRISIS, clientId: clientId() })).status).toBe(201);
    expect(await alertsFor(p.id)).toHaveLength(1);
    await intervalPassed(p.id);
    const chat = await createChat(p.agent, { text: CRISIS, clientId: clientId() });
    expect(chat.crisis).toBe(true);
    expect(await alertsFor(p.id)).toHaveLength(2);
  });

  it('is not made for someone else\'s risk, an ordinary message, or a retried send', async () => {
    const p = await optedIn();
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: 'my brother says he wants to kill himself, what do i do', clientId: clientId() });
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: 'see you at group tonight!', clientId: clientId() });
    expect(await alertsFor(p.id)).toEqual([]);
    const id = clientId();
    await server.database.db.execute(sql`update users set crisis_alerts = false where id = ${p.id}`);
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: id });
    await server.database.db.execute(sql`update users set crisis_alerts = true where id = ${p.id}`);
    // The same clientId again: the stored message answers, with its help, and alerts nobody.
    const again = await p.agent.post<{ help?: unknown }>(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: id });
    expect(again.status).toBe(200);
    expect(again.body.help).toBeDefined();
    expect(await alertsFor(p.id)).toEqual([]);
  });

  it('stops when the person turns it off', async () => {
    const p = await optedIn();
    const socket = await readySocket(server, pro.agent, pro.user._id);
    expect((await p.agent.put<AuthUser>('/api/me/crisis-alerts', { enabled: false })).body.crisisAlerts).toBe(false);
    const quiet = noEvent(socket, 'crisisAlert', 600);
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() });
    await quiet;
    expect(await alertsFor(p.id)).toEqual([]);
  });

  it('is the professional\'s own: another professional sees none of it and cannot mark it seen', async () => {
    const p = await optedIn();
    await p.agent.post(`/api/messages/send/${peer.id}`, { text: CRISIS, clientId: clientId() });
    const [alert] = await alertsFor(p.id);
    const other = await verifiedProfessional(server);
    expect((await alerts(other.agent)).some((a) => a.client._id === p.id)).toBe(false);
    expect((await other.agent.post(`/api/safety/alerts/${alert!._id}/seen`)).status).toBe(404);
    expect((await p.agent.get('/api/safety/alerts')).status).toBe(403);
    expect((await pro.agent.post(`/api/safety/alerts/${alert!._id}/seen`)).status).toBe(200);
    expect((await alertsFor(p.id))[0]!.seen).toBe(true);
  });
});
