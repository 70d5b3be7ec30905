/**
 * A cluster for one test file, started by scripts/cluster/cluster.mjs (what `npm run cluster`
 * runs): the real server as child processes and HAProxy in front, on free ports, on a new and
 * empty PostgreSQL database (the instances migrate it themselves, together, as at a first deploy).
 * Logs go to test-results/cluster/<file>/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePorts, startCluster, type Cluster } from '../../scripts/cluster/cluster.mjs';
import { ADMIN } from '../server/harness';
import { adminQuery } from '../support/pg-database';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface ClusterFixture {
  cluster: Cluster;
  /** HAProxy's address; also the Origin the clients send. */
  url: string;
  /** The test database (to look at its rows, or at its backends). */
  databaseUrl: string;
  databaseName: string;
  sql: pg.Pool;
  logDir: string;
  close(): Promise<void>;
}

/** `serverUrl`: the PostgreSQL server to make the database on (default TEST_DATABASE_URL). */
export async function startTestCluster(name: string, serverUrl = process.env.TEST_DATABASE_URL): Promise<ClusterFixture> {
  if (!serverUrl) throw new Error('tests/cluster needs TEST_DATABASE_URL');
  const databaseName = `haven_c_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${databaseName}`);
  const target = new URL(serverUrl);
  target.pathname = `/${databaseName}`;
  const databaseUrl = target.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-cluster-data-'));
  const clientDist = join(dataDir, 'no-client');
  mkdirSync(clientDist);
  const logDir = join(ROOT, 'test-results', 'cluster', name);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const [port, ...instancePorts] = await freePorts(3);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The checks' own connection is terminated with everyone else's in the PostgreSQL scenarios.
  sql.on('error', () => {});
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl, dataDir, port: port!, instancePorts, logDir,
      say: (line) => console.log(`[cluster ${name}] ${line}`),
      env: {
        NODE_ENV: 'production', LOG_LEVEL: 'warn', COOKIE_SECURE: 'false', CLIENT_DIST: clientDist,
        ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
        // As tests/server/harness.ts: every person here signs up and signs in from 127.0.0.1.
        RATE_LIMIT_SIGNUP_MAX: '10000', RATE_LIMIT_REFERRAL_MAX: '10000', RATE_LIMIT_LOGIN_PAIR_MAX: '10000',
        RATE_LIMIT_LOGIN_ACCOUNT_MAX: '10000', RATE_LIMIT_LOGIN_ADDRESS_MAX: '10000',
      },
    });
  } catch (error) {
    await sql.end();
    await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
    throw new Error(`${(error as Error).message} (logs in ${logDir})`, { cause: error });
  }
  return {
    cluster, url: cluster.url, databaseUrl, databaseName, sql, logDir,
    async close() {
      await cluster.stop();
      await sql.end().catch(() => {});
      await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`)
        .catch((error: Error) => console.warn(`tests/cluster: could not drop ${databaseName}: ${error.message}`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
