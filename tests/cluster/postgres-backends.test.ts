/**
 * What a PostgreSQL restart or failover looks like to the instances, without touching the
 * machine's PostgreSQL (other suites use it): every connection to the test database is terminated,
 * again and again for 2 s, while traffic flows. The instances must live on, keep their sockets,
 * answer 503 meanwhile and recover by themselves.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, it } from 'vitest';
import { Ledger } from './ledger';
import { BURST, runScenario, useScenarioCluster } from './scenario';
import { until } from './traffic';

const OUTAGE_MS = 2_000;
const stage = useScenarioCluster('postgres-backends');

describe('every PostgreSQL backend terminated', () => {
  it('keeps every instance and socket, loses nothing, and live delivery is back within 5 s', async () => {
    await runScenario({
      name: 'PostgreSQL backends terminated for 2 s', fixture: stage.fixture(), community: stage.community(), ledger: new Ledger(), ...BURST,
      async disrupt({ writers, sentinels, traffic, fixture }) {
        await until(() => traffic.written >= 200, 30_000, 'traffic under way');
        // On the server's own database, not the test database: this connection is not terminated.
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        let terminated = 0;
        const from = performance.now();
        try {
          while (performance.now() - from < OUTAGE_MS) {
            const result = await admin.query<{ n: number }>(
              'select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
              [fixture.databaseName],
            );
            terminated += result.rows[0]?.n ?? 0;
            await sleep(100);
          }
        } finally {
          await admin.end();
        }
        const at = performance.now();
        const everyone = [...writers, ...sentinels.values()];
        return {
          endedPids: [],
          disruptions: [{ label: `every backend terminated for ${OUTAGE_MS / 1000} s (${terminated} connections)`, from, at, untouched: everyone, resuming: everyone }],
        };
      },
    });
  });
});
