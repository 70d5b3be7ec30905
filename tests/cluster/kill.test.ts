/**
 * `kill -9` of one instance of two during a burst of over 1,000 messages from 20 devices, each
 * writing its own ordered stream through HAProxy and retrying by clientId. The supervisor starts
 * the killed instance again, as `npm run cluster` does.
 */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../scripts/cluster/cluster.mjs';
import { Ledger } from './ledger';
import { BURST, runScenario, splitByInstance, useScenarioCluster } from './scenario';
import { until } from './traffic';

const stage = useScenarioCluster('kill');

describe('kill -9 of an instance under load', () => {
  it('loses and doubles nothing, the other instance lives on, and every device is live again within 5 s', async () => {
    await runScenario({
      name: 'kill -9 of one instance of two', fixture: stage.fixture(), community: stage.community(), ledger: new Ledger(), ...BURST,
      async disrupt({ writers, sentinels, traffic, fixture }) {
        await until(() => traffic.written >= 300, 30_000, 'the burst under way');
        const [victim, survivor] = fixture.cluster.instances as [Instance, Instance];
        const { on, elsewhere } = splitByInstance(writers, victim.name);
        expect(on.length, `devices on ${victim.name}`).toBeGreaterThan(0);
        expect(elsewhere.length, `devices on ${survivor.name}`).toBeGreaterThan(0);
        const pid = victim.pid;
        // 10 ms after a send to it left (a batch takes 5 to 30 ms here): the instance may have
        // stored the batch and die before answering, the case where sending it again with the same
        // clientIds must not store anything twice. (That re-send may be HAProxy's, or the test
        // Agent's on a reset connection, rather than the device's: it is the same request.)
        const at = await new Promise<number>((resolve) => {
          const fire = () => {
            for (const device of on) device.onSend = null;
            setTimeout(() => {
              victim.kill('SIGKILL');
              resolve(performance.now());
            }, 10);
          };
          for (const device of on) device.onSend = fire;
        });
        const onSurvivor = [...elsewhere, sentinels.get(survivor.name)!];
        return {
          endedPids: [pid],
          disruptions: [{ label: `kill -9 of ${victim.name} (${on.length} devices on it)`, from: at, at, untouched: onSurvivor, resuming: [...writers, sentinels.get(survivor.name)!] }],
        };
      },
    });
  });
});
