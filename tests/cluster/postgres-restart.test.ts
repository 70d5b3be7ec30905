/**
 * A real PostgreSQL restart under the cluster, on a PostgreSQL server of the test's own (the
 * machine's is shared with other suites): `pg_ctl stop -m fast`, 2 s down, `pg_ctl start`, while
 * traffic flows. (`pg_ctl restart` here is down for about 0.2 s; a real restart or failover
 * takes seconds, so the server stays down a while.)
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { makeCommunity, type Community } from './community';
import { startTestCluster, type ClusterFixture } from './fixture';
import { Ledger } from './ledger';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { runScenario } from './scenario';
import { until } from './traffic';

const WRITERS = 20;
const DOWN_MS = 2_000;
let postgres: PrivatePostgres;
let fixture: ClusterFixture;
let community: Community;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  fixture = await startTestCluster('postgres-restart', postgres.url);
  community = await makeCommunity(fixture.url, WRITERS + 2);
});

afterAll(async () => {
  await fixture?.close();
  await postgres?.close(fixture ? join(fixture.logDir, 'postgres.log') : undefined);
});

describe('a PostgreSQL restart', () => {
  it('keeps every instance and socket, loses nothing, and live delivery is back within 5 s', async () => {
    await runScenario({
      name: 'PostgreSQL stopped for 2 s and started again', fixture, community, ledger: new Ledger(),
      writers: WRITERS, sentinels: true, intervalMs: 200, minMessages: 1_000,
      async disrupt({ writers, sentinels, traffic }) {
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
