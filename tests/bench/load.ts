/**
 * The load bench (docs/performance.md): LOAD_CLIENTS signed-in sockets (500) in pairs, LOAD_RATE
 * direct messages a second in all (100) for LOAD_SECONDS (60), each sent as the app sends it (POST
 * /api/messages/batch, one item) and timed from the POST leaving to the recipient's socket
 * receiving it. Sends follow the clock, not the answers (open loop), so a slow server shows up as
 * latency rather than as a lower rate. The server runs in its own process on 127.0.0.1 (PGlite on
 * disk in a temporary DATA_DIR, as `npm start` runs it; or a fresh PostgreSQL database), and is
 * restarted once at the end to compare its memory after a first boot and after a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminQuery } from '../support/pg-database';
import { ADMIN, percentile } from './lib';
import { connectAll, disconnectAll, signUpPeople, type Person } from './load-people';
import { startServerProcess } from './server-process';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 500);
const RATE = Number(process.env.LOAD_RATE ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** After the last send, how long a late delivery is still waited for before it counts as lost. */
const DRAIN_MS = 15_000;
/** Presence broadcasts after the last connect settle before the measured window opens. */
const SETTLE_MS = 2_000;

export async function freshDatabaseUrl(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `haven_load_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

/** A bench server's settings: its own folder, no client files, and sign-up and login limits out of the way. */
export function serverEnv(dataDir: string, databaseUrl = ''): Record<string, string> {
  return {
    DATA_DIR: dataDir, CLIENT_DIST: join(dataDir, 'none'), COOKIE_SECURE: 'false',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: databaseUrl,
    RATE_LIMIT_SIGNUP_MAX: '1000000', RATE_LIMIT_REFERRAL_MAX: '1000000', RATE_LIMIT_LOGIN_PAIR_MAX: '1000000',
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1000000', RATE_LIMIT_LOGIN_ADDRESS_MAX: '1000000',
  };
}

/**
 * Starts `count` pieces of work at `perSecond`, following the clock, not the answers (open loop),
 * so a slow server shows up as latency rather than as a lower rate. Answers the seconds it took.
 */
export async function openLoop(count: number, perSecond: number, start: (i: number) => void): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    start(i);
  }
  return (performance.now() - started) / 1000;
}

interface Run { latencies: number[]; sent: number; failed: number; sendSeconds: number; delivered: number }

/** The measured part: open-loop sends at RATE and the recipients' sockets timing each arrival. */
async function drive(baseUrl: string, people: Person[]): Promise<Run> {
  const total = Math.round(RATE * SECONDS);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let failed = 0;
  let allIn!: () => void;
  const everythingDelivered = new Promise<void>((r) => { allIn = r; });
  for (const person of people) {
    person.socket!.on('newMessage', (m: { clientId: string; receiverId: string }) => {
      if (m.receiverId !== person.id) return; // the sender's own tabs get a copy too
      const t0 = sentAt.get(m.clientId);
      if (t0 === undefined) return;
      latencies.push(performance.now() - t0);
      sentAt.delete(m.clientId);
      if (latencies.length + failed === total) allIn();
    });
  }
  const send = async (i: number) => {
    const from = people[i % people.length]!;
    const to = people[(i % people.length) ^ 1]!; // pairs: 0-1, 2-3, ...
    const clientId = `load-${i.toString().padStart(8, '0')}`;
    sentAt.set(clientId, performance.now());
    try {
      const res = await fetch(`${baseUrl}/api/messages/batch`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: from.cookie },
        body: JSON.stringify({ items: [{ kind: 'direct', to: to.id, text: `load message ${i}`, clientId }] }),
      });
      const answer = await res.json() as { results?: { ok: boolean }[] };
      if (res.status !== 200 || !answer.results?.[0]?.ok) throw new Error(`batch answered ${res.status}`);
    } catch {
      failed += 1;
      sentAt.delete(clientId);
      if (latencies.length + failed === total) allIn();
    }
  };
  const sendSeconds = await openLoop(total, RATE, (i) => void send(i));
  await Promise.race([everythingDelivered, sleep(DRAIN_MS)]);
  return { latencies, sent: total, failed, sendSeconds, delivered: latencies.length };
}

/** Other work on the machine skews every time above; the load average says how much there was. */
export async function machineLoad(): Promise<string> {
  const { loadavg, cpus } = await import('node:os');
  return `${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const mb = (v: number) => `${v.toFixed(0)} MB`;

export async function loadBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-load-'));
  const pgDb = postgresUrl ? await freshDatabaseUrl(postgresUrl) : undefined;
  const env = serverEnv(dataDir, pgDb?.url);
  const logFile = join(dataDir, 'server.log');
  let server = await startServerProcess(env, logFile);
  let people: Person[] = [];
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  try {
    const firstBoot = await server.report();
    const firstBootMs = server.bootMs;
    const setupStarted = performance.now();
    people = await signUpPeople(server.baseUrl, CLIENTS - (CLIENTS % 2));
    await connectAll(server.baseUrl, people);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    await sleep(SETTLE_MS);
    server.reset();
    benchLoop.enable();
    const run = await drive(server.baseUrl, people);
    benchLoop.disable();
    const loaded = await server.report();
    const busy = await machineLoad();
    disconnectAll(people);
    people = [];
    await server.stop();
    server = await startServerProcess(env, logFile);
    const restarted = await server.report();
    const sorted = [...run.latencies].sort((a, b) => a - b);
    return [{
      database: postgresUrl ? 'postgres' : 'pglite',
      case: `${CLIENTS} sockets, ${RATE} DM/s for ${SECONDS} s`,
      'delivery p50': ms(percentile(sorted, 50)),
      'delivery p99': ms(percentile(sorted, 99)),
      'delivery max': ms(sorted.at(-1) ?? Number.NaN),
      'sent msg/s': (run.sent / run.sendSeconds).toFixed(0),
      delivered: `${run.delivered}/${run.sent}${run.failed ? ` (${run.failed} failed)` : ''}`,
      'server stall max': ms(loaded.maxStallMs),
      'server peak RSS': mb(loaded.peakRssMb),
      'server CPU per msg': `${(loaded.cpuMs / run.sent).toFixed(2)} ms`,
      'main thread busy': `${(loaded.mainThreadBusy * 100).toFixed(0)}%`,
      'RSS first boot / restart': `${mb(firstBoot.rssMb)} / ${mb(restarted.rssMb)}`,
      'boot first / restart': `${(firstBootMs / 1000).toFixed(1)} s / ${(server.bootMs / 1000).toFixed(1)} s`,
      'bench stall max': ms(benchLoop.max / 1e6),
      setup: `${setupSeconds.toFixed(0)} s`,
      'machine load (1 min)': busy,
    }];
  } finally {
    disconnectAll(people);
    await server.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
