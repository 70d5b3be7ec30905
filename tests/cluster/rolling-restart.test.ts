/**
 * A graceful rolling restart while traffic flows: each instance in turn gets SIGTERM, exits, starts
 * again on its port and is waited for until HAProxy has it back in rotation, as a careful deploy
 * does. The other instance's devices must not notice at all.
 */
import { describe, it } from 'vitest';
import { Ledger } from './ledger';
import { BURST, runScenario, splitByInstance, useScenarioCluster } from './scenario';
import { until } from './traffic';
import { resumeMs, type Disruption } from './verdict';

/** After an instance is back, how long the next one waits at most for every device to be live again. */
const SETTLE_MS = 6_000;
/** socket.io's five attempts, 1 s to 5 s apart (with jitter), fit in this. */
const RECONNECT_WAIT_MS = 25_000;
const stage = useScenarioCluster('rolling-restart');

describe('a rolling restart', () => {
  it('restarts each instance in turn without losing a message or the other instance\'s devices', async () => {
    const ledger = new Ledger();
    await runScenario({
      name: 'graceful rolling restart of two instances', fixture: stage.fixture(), community: stage.community(), ledger, ...BURST,
      async disrupt({ writers, sentinels, traffic, fixture }) {
        await until(() => traffic.written >= 200, 30_000, 'traffic under way');
        const disruptions: Disruption[] = [];
        const endedPids: (number | undefined)[] = [];
        for (const instance of fixture.cluster.instances) {
          const otherSentinels = [...sentinels].filter(([name]) => name !== instance.name).map(([, d]) => d);
          const { on, elsewhere } = splitByInstance(writers, instance.name);
          const previous = disruptions.at(-1);
          const from = performance.now();
          if (previous) previous.until = from;
          endedPids.push(instance.pid);
          const exit = await instance.stop();
          const resuming = [...writers, ...otherSentinels];
          disruptions.push({
            label: `SIGTERM to ${instance.name} (${on.length} devices on it), exit after ${Math.round(exit.at - from)} ms`,
            from, at: exit.at, untouched: [...elsewhere, ...otherSentinels], resuming,
          });
          await instance.start();
          await instance.waitInRotation();
          await until(() => resuming.every((d) => resumeMs(d, ledger, exit.at) !== null), SETTLE_MS, 'everyone live again').catch(() => undefined);
          // Its own sentinel too (it waits out socket.io's backoff for this instance to come back):
          // before the next restart, everyone is connected again, as a careful deploy waits for.
          const everyone = [...writers, ...sentinels.values()];
          await until(() => everyone.every((d) => d.socket.connected), RECONNECT_WAIT_MS, 'everyone connected').catch(() => undefined);
        }
        return { disruptions, endedPids };
      },
    });
  });
});
