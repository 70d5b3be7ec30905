/**
 * The floor under the load bench's figure (docs/performance.md): the server's CPU per request for
 * the cheapest answers Haven gives beside a direct message, at the load bench's rate (100 a
 * second, open loop), against a server in its own process. A fixed answer (the crisis numbers)
 * is Fastify, its hooks and the HTTP parser alone; /auth/check adds the session lookup; the
 * message adds everything a send does. What a message costs above the fixed answer is what
 * Haven's own code could still shave.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshDatabaseUrl, machineLoad, openLoop, serverEnv } from './load';
import { connectAll, disconnectAll, signUpPeople, type Person } from './load-people';
import { startServerProcess, type ServerProcess } from './server-process';

const PEOPLE = 20;
const REQUESTS = Number(process.env.FLOOR_REQUESTS ?? 1_000);
const RATE = 100;
const WARM_UP = 100;

type Request = (i: number) => [string, RequestInit];

/** Clock ticks a second in /proc's counters: 100 on Linux everywhere Haven runs. */
const TICKS = 100;

/** A client backend's title: "postgres: [cluster: ]user database host(port)|[local] state". */
const CLIENT_BACKEND = /^postgres: (?:\S+: )?\S+ (\S+) (?:\[local\]|\S+\(\d+\))/;

/**
 * CPU ticks of the PostgreSQL processes that work for `database`, from /proc: its client
 * backends and the cluster's shared processes (WAL writer, checkpointer, autovacuum), not other
 * databases' backends. Only when PostgreSQL runs on this machine; elsewhere none are found. On
 * PGlite the database runs inside the server's process and is counted there.
 */
function postgresTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const client = CLIENT_BACKEND.exec(title);
      if (client && client[1] !== database) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime, stime (fields 14 and 15)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

/** Milliseconds PostgreSQL spent for `database` since `from` (NaN when none of its processes are here). */
function postgresCpuMsSince(database: string, from: Map<string, number>): number {
  const now = postgresTicks(database);
  if (now.size === 0) return Number.NaN;
  let ticks = 0;
  // A process that ended since `from` is not counted; one that started since counts whole.
  for (const [pid, value] of now) ticks += value - (from.get(pid) ?? 0);
  return (ticks * 1000) / TICKS;
}

/**
 * An answer read whole, failing on a refusal: a batch answers 200 with each item's own outcome, and
 * a refused item would measure a refusal, not a message.
 */
async function accepted(res: Response): Promise<void> {
  const body = await res.text();
  if (!res.ok || body.includes('"ok":false')) throw new Error(`${res.url} answered ${res.status}: ${body.slice(0, 200)}`);
}

async function cpuPerRequest(server: ServerProcess, request: Request, database?: string): Promise<[number, number]> {
  for (let i = 0; i < WARM_UP; i++) await accepted(await fetch(...request(-1 - i)));
  await sleep(500);
  server.reset();
  const postgresFrom = database ? postgresTicks(database) : undefined;
  const answers: Promise<unknown>[] = [];
  await openLoop(REQUESTS, RATE, (i) => answers.push(fetch(...request(i)).then(accepted)));
  await Promise.all(answers);
  const own = (await server.report()).cpuMs / REQUESTS;
  return [own, database && postgresFrom ? postgresCpuMsSince(database, postgresFrom) / REQUESTS : Number.NaN];
}

export async function floorBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-floor-'));
  const pgDb = postgresUrl ? await freshDatabaseUrl(postgresUrl) : undefined;
  const server = await startServerProcess(serverEnv(dataDir, pgDb?.url), join(dataDir, 'server.log'));
  let people: Person[] = [];
  try {
    people = await signUpPeople(server.baseUrl, PEOPLE);
    await connectAll(server.baseUrl, people);
    const base = `${server.baseUrl}/api`;
    const as = (i: number) => people[Math.abs(i) % PEOPLE]!;
    const cases: [string, Request][] = [
      ['a fixed answer (GET /safety/resources)', () => [`${base}/safety/resources`, {}]],
      ['the session and its person (GET /auth/check)', (i) => [`${base}/auth/check`, { headers: { cookie: as(i).cookie } }]],
      ['a direct message (POST /messages/batch)', (i) => [`${base}/messages/batch`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: as(i).cookie },
        body: JSON.stringify({ items: [{ kind: 'direct', to: people[(Math.abs(i) % PEOPLE) ^ 1]!.id, text: `floor message ${i}`, clientId: `floor-${String(i).padStart(8, '0')}` }] }),
      }]],
    ];
    const database = pgDb ? new URL(pgDb.url).pathname.slice(1) : undefined;
    const row: Record<string, string> = { database: postgresUrl ? 'postgres' : 'pglite' };
    for (const [name, request] of cases) {
      const [own, inPostgres] = await cpuPerRequest(server, request, database);
      const postgres = Number.isNaN(inPostgres) ? 'not on this machine' : `${inPostgres.toFixed(2)} ms`;
      row[name] = `${own.toFixed(2)} ms${pgDb ? ` + PostgreSQL ${postgres}` : ''}`;
    }
    row['machine load (1 min)'] = await machineLoad();
    return [row];
  } finally {
    disconnectAll(people);
    await server.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
