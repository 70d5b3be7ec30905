/**
 * The shape every disruption scenario shares: devices connected through HAProxy (and, with
 * `sentinels`, one receiving device connected to each instance directly, which stays on that
 * instance whatever HAProxy does), steady traffic, the disruption, traffic for a while after it,
 * every outbox drained, then the verdict (verdict.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Instance } from '../../scripts/cluster/cluster.mjs';
import { makeCommunity, sameSessionOn, type Community } from './community';
import { Device } from './device';
import { startTestCluster, type ClusterFixture } from './fixture';
import type { Ledger } from './ledger';
import { drainOutboxes, startTraffic, until, type Traffic } from './traffic';
import { judge, type Disruption } from './verdict';

export interface Stage {
  /** The devices through HAProxy: they write the traffic. */
  writers: Device[];
  /** One device directly on each instance, by instance name (receives only). */
  sentinels: Map<string, Device>;
  traffic: Traffic;
  fixture: ClusterFixture;
}

export interface ScenarioOptions {
  name: string;
  fixture: ClusterFixture;
  community: Community;
  ledger: Ledger;
  /** How many of the community write through HAProxy; the next ones (one per instance) are the sentinels. */
  writers: number;
  sentinels: boolean;
  /** Each writer writes one message this often. */
  intervalMs: number;
  /** The scenario writes at least this many messages in all. */
  minMessages: number;
  /** Runs the disruption while traffic flows; answers what happened and which instance processes it ended. */
  disrupt(stage: Stage): Promise<{ disruptions: Disruption[]; endedPids: (number | undefined)[] }>;
}

/** The load of every disruption scenario: 20 devices through HAProxy and one on each instance, each writer every 200 ms, 1,000 messages at least. */
export const BURST = { writers: 20, sentinels: true, intervalMs: 200, minMessages: 1_000 } as const;

/**
 * A cluster and the people of a BURST for one scenario file, started before its tests and stopped
 * after. `server`: the PostgreSQL server to make the database on, when not TEST_DATABASE_URL.
 */
export function useScenarioCluster(name: string, server?: () => string): { fixture(): ClusterFixture; community(): Community } {
  let fixture: ClusterFixture | undefined;
  let community: Community | undefined;
  beforeAll(async () => {
    fixture = await startTestCluster(name, server?.());
    community = await makeCommunity(fixture.url, BURST.writers + 2);
  });
  afterAll(async () => {
    await fixture?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the cluster did not start');
    return value;
  };
  return { fixture: () => started(fixture), community: () => started(community) };
}

/** Traffic goes on this long after the last disruption ended, so a device slower than the limit is measured, not cut off. */
const TAIL_MS = 8_000;

export async function runScenario(o: ScenarioOptions): Promise<void> {
  const { fixture, community, ledger } = o;
  const writers = community.people.slice(0, o.writers).map((p, i) => new Device(`client${i + 1}`, p.agent, p.id, ledger));
  const sentinels = new Map<string, Device>();
  if (o.sentinels) {
    fixture.cluster.instances.forEach((instance: Instance, i: number) => {
      const person = community.people[o.writers + i];
      if (!person) throw new Error('the community has no person left for a sentinel');
      sentinels.set(instance.name, new Device(`sentinel-${instance.name}`, sameSessionOn(person.agent, instance.url), person.id, ledger, instance.name));
    });
  }
  const devices = [...writers, ...sentinels.values()];
  try {
    await Promise.all(devices.map((d) => d.ready()));
    const pidsAtStart = new Map(fixture.cluster.instances.map((i) => [i.name, i.pid]));
    const startedAt = performance.now();
    const traffic = startTraffic(writers, community.groupId, o.intervalMs);
    let outcome: Awaited<ReturnType<ScenarioOptions['disrupt']>>;
    try {
      outcome = await o.disrupt({ writers, sentinels, traffic, fixture });
      const lastEnd = Math.max(...outcome.disruptions.map((d) => d.at));
      await until(() => traffic.written >= o.minMessages && performance.now() >= lastEnd + TAIL_MS, 120_000, `${o.minMessages} messages written`);
    } finally {
      traffic.stop();
    }
    const unsent = await drainOutboxes(writers);
    await judge({
      name: o.name, fixture, ledger, devices, groupId: community.groupId, disruptions: outcome.disruptions,
      pidsAtStart, endedPids: outcome.endedPids, unsent, startedAt,
    });
  } finally {
    for (const device of devices) device.close();
  }
}

/** The writers whose socket is on `instance` now, and the ones elsewhere. */
export function splitByInstance(writers: Device[], instance: string): { on: Device[]; elsewhere: Device[] } {
  return { on: writers.filter((d) => d.instance === instance), elsewhere: writers.filter((d) => d.instance !== instance) };
}
