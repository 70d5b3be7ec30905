/** Bench plumbing: a real server on a chosen database, percentiles, and a printed table. */
import { mkdtempSync, rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { ensureAdmin } from '../../src/server/bootstrap-admin';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/database';
import { groupMessages } from '../../src/server/db/schema';
import { freshPostgres } from '../support/pg-database';

export const ADMIN = { email: 'admin@bench.haven', password: 'bench-admin-password' };

export interface BenchServer {
  baseUrl: string;
  kind: string;
  /** The server's database, for benches that seed what years of use would leave. */
  database: Database;
  close(): Promise<void>;
}

/** `clientDist`: a production build to serve (the browser benches); none by default. */
export async function startBenchServer(postgresUrl?: string, clientDist?: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir, CLIENT_DIST: clientDist ?? join(dataDir, 'none'), COOKIE_SECURE: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SIGNUP_MAX: '1000000', RATE_LIMIT_REFERRAL_MAX: '1000000', RATE_LIMIT_LOGIN_PAIR_MAX: '1000000',
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1000000', RATE_LIMIT_LOGIN_ADDRESS_MAX: '1000000',
    ...env,
  });
  const { database, drop } = postgresUrl
    ? await freshPostgres(postgresUrl, 'haven_bench')
    : { database: await openPglite(), drop: async () => {} };
  await ensureAdmin(database.db, config);
  const app = await buildApp({ config, database, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    kind: database.kind,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A JSON request as someone (their session cookie), failing loudly on any answer above 2xx.
 * Answers the body and the session cookie: the one the answer set (found by name: a sign-in also
 * sets a device cookie, which benches have no use for), else the one sent.
 */
export async function request<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, body: unknown, cookie = ''): Promise<{ cookie: string; json: T }> {
  const res = await fetch(baseUrl + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
  });
  const json = (await res.json().catch(() => ({}))) as T;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  const session = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('haven_session='));
  return { cookie: session ?? cookie, json };
}

export const post = <T = Record<string, unknown>>(baseUrl: string, path: string, body: unknown, cookie = '') => request<T>(baseUrl, 'POST', path, body, cookie);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The middle of unsorted figures (the upper middle of an even count). */
export const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/**
 * The cases compared in one bench, each with its index, in the order for `round`: reversed every
 * other round, so no case always runs first (against a cold browser) or last.
 */
export function inTurn<T>(cases: readonly T[], round: number): [number, T][] {
  const order = [...cases.entries()];
  return round % 2 === 1 ? order.reverse() : order;
}

export function summarize(samplesMs: number[]): { p50: string; p99: string; perSecond: string } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = samplesMs.reduce((a, b) => a + b, 0);
  return {
    p50: `${percentile(sorted, 50).toFixed(2)} ms`,
    p99: `${percentile(sorted, 99).toFixed(2)} ms`,
    perSecond: (samplesMs.length / (total / 1000)).toFixed(0),
  };
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

/**
 * A group's history as years of a busy group would leave it, `count` messages inserted in one
 * statement; answers the group's newest change (the cursor a caught-up device holds).
 */
export async function seedGroupHistory(server: BenchServer, groupId: string, senderId: string, stamp: string, count: number): Promise<number> {
  await server.database.db.execute(sql`
    insert into group_messages (id, group_id, sender_id, text, client_id)
    select substr(md5(${stamp} || g::text), 1, 24), ${groupId}, ${senderId}, 'An older message, number ' || g, 'seed-' || ${stamp} || '-' || g
    from generate_series(1, ${count}) as g`);
  const [row] = await server.database.db.select({ n: sql<number>`count(*)::int`, newest: sql<string>`max(${groupMessages.rev})` })
    .from(groupMessages).where(eq(groupMessages.groupId, groupId));
  if (Number(row!.n) !== count) throw new Error(`seeded ${row!.n} of ${count} messages`);
  return Number(row!.newest);
}

/**
 * A phone on a slow network, as Chrome emulates it: 150 ms added to each request, downloads held to
 * 1.6 Mbit/s (the round trip and speed Lighthouse's simulated slow 4G assumes).
 */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
