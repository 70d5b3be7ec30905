/**
 * A real PostgreSQL restart under the cluster, on a PostgreSQL server of the test's own (the
 * machine's is shared with other suites): `pg_ctl stop -m fast`, 2 s down, `pg_ctl start`, while
 * traffic flows. (`pg_ctl restart` here is down for about 0.2 s; a real restart or failover
 * takes seconds, so the server stays down a while.)
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Ledger } from './ledger';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { BURST, runScenario, useScenarioCluster } from './scenario';
import { until } from './traffic';

const DOWN_MS = 2_000;
let postgres: PrivatePostgres;
let logDir: string | undefined;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
});
// Registered before the cluster's own: after hooks run in reverse, so PostgreSQL stops last.
afterAll(async () => {
  await postgres?.close(logDir ? join(logDir, 'postgres.log') : undefined);
});
const stage = useScenarioCluster('postgres-restart', () => postgres.url);

describe('a PostgreSQL restart', () => {
  it('keeps every instance and socket, loses nothing, and live delivery is back within 5 s', async () => {
    await runScenario({
      name: 'PostgreSQL stopped for 2 s and started again', fixture: stage.fixture(), community: stage.community(), ledger: new Ledger(), ...BURST,
      async disrupt({ writers, sentinels, traffic, fixture }) {
        logDir = fixture.logDir;
        await until(() => traffic.written >= 200, 30_000, 'traffic under way');
        const from = performance.now();
        await postgres.stop();
        await sleep(DOWN_MS);
        await postgres.start();
        const at = performance.now();
        const everyone = [...writers, ...sentinels.values()];
        return {
          endedPids: [],
          disruptions: [{ label: `pg_ctl stop -m fast, ${DOWN_MS / 1000} s down, pg_ctl start`, from, at, untouched: everyone, resuming: everyone }],
        };
      },
    });
  });
});
