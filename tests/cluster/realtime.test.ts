/**
 * Live messages across instances: two devices on different instances get each other's direct and
 * group messages as they happen, whether they are connected to the instances themselves or
 * through HAProxy (kept on an instance by its SERVERID cookie).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../../scripts/cluster/cluster.mjs';
import { makeCommunity, sameSessionOn, type Community } from './community';
import { Device } from './device';
import { startTestCluster, type ClusterFixture } from './fixture';
import { Ledger } from './ledger';
import { judge } from './verdict';

let fixture: ClusterFixture;
let community: Community;
const ledger = new Ledger();
const devices: Device[] = [];

beforeAll(async () => {
  fixture = await startTestCluster('realtime');
  community = await makeCommunity(fixture.url, 4);
});

afterEach(() => {
  for (const device of devices.splice(0)) device.close();
});

afterAll(async () => {
  await fixture?.close();
});

async function pair(a: Device, b: Device): Promise<void> {
  devices.push(a, b);
  await Promise.all([a.ready(), b.ready()]);
}

/** Both ways, direct and group: each message must reach the other device (and the sender's own) live. */
async function exchange(a: Device, b: Device): Promise<void> {
  const toB = a.send({ kind: 'direct', to: b.userId, text: `direct from ${a.name}` });
  await Promise.all([b.received(toB), a.received(toB)]);
  const toA = b.send({ kind: 'direct', to: a.userId, text: `direct from ${b.name}` });
  await Promise.all([a.received(toA), b.received(toA)]);
  const fromA = a.send({ kind: 'group', groupId: community.groupId, text: `group from ${a.name}` });
  await Promise.all([b.received(fromA), a.received(fromA)]);
  const fromB = b.send({ kind: 'group', groupId: community.groupId, text: `group from ${b.name}` });
  await Promise.all([a.received(fromB), b.received(fromB)]);
}

describe('realtime across instances', () => {
  it('two instances started together on a new database both boot (migrations, admin) and neither exits', () => {
    expect(fixture.cluster.exits.map((e) => `${e.name} exited with ${e.signal ?? `code ${e.code}`}`)).toEqual([]);
    expect(fixture.cluster.instances.map((i) => i.healthy)).toEqual([true, true]);
  });

  it('devices connected to each instance directly get each other\'s direct and group messages live', async () => {
    const [one, two] = fixture.cluster.instances as [Instance, Instance];
    const [p, q] = community.people as [Community['people'][0], Community['people'][0]];
    const a = new Device('direct-a', sameSessionOn(p.agent, one.url), p.id, ledger, one.name);
    const b = new Device('direct-b', sameSessionOn(q.agent, two.url), q.id, ledger, two.name);
    await pair(a, b);
    await exchange(a, b);
  });

  it('through HAProxy, devices kept on different instances by their cookie get each other\'s messages live', async () => {
    const [one, two] = fixture.cluster.instances as [Instance, Instance];
    const [, , p, q] = community.people as Community['people'];
    const startedAt = performance.now();
    const pidsAtStart = new Map(fixture.cluster.instances.map((i) => [i.name, i.pid]));
    p!.agent.cookies.set('SERVERID', one.name);
    q!.agent.cookies.set('SERVERID', two.name);
    const a = new Device('haproxy-a', p!.agent, p!.id, ledger);
    const b = new Device('haproxy-b', q!.agent, q!.id, ledger);
    await pair(a, b);
    // HAProxy names the instance in a new cookie when it sends a device elsewhere; it did not.
    expect([a.instance, b.instance]).toEqual([one.name, two.name]);
    const sessions = Object.fromEntries((await fixture.cluster.serverStates()).map((s) => [s.name, s.sessions]));
    expect(sessions[one.name], `HAProxy's connections to ${one.name}`).toBeGreaterThan(0);
    expect(sessions[two.name], `HAProxy's connections to ${two.name}`).toBeGreaterThan(0);
    await exchange(a, b);
    await judge({
      name: 'realtime across two instances', fixture, ledger, devices: [a, b], groupId: community.groupId, disruptions: [],
      pidsAtStart, endedPids: [], unsent: [], startedAt,
    });
  });
});
