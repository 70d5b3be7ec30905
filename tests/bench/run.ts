/**
 * `npm run bench [case...]`: prints figures, asserts nothing. Cases: bundle (needs a build); api,
 * realtime and replay (PGlite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set;
 * replay runs in real Chromium on a fresh production build); login (the sign-in screen's first
 * visit in real Chromium: its scripts' gzip size and paint times, then Lighthouse 12's mobile
 * audit of it and of /dashboard signed in; with OLD_APP_DIST, the old app's /login beside it);
 * dashboard (/dashboard signed in on a first visit, on
 * slow 4G with the CPU slowed 4×, in real Chromium: the cards on screen, blocking time); property (the outbox property test with 1,000 random
 * sequences instead of npm test's 200); load (docs/performance.md: 500 signed-in sockets, 100 direct messages a second for 60 s,
 * against a server in its own process; LOAD_CLIENTS, LOAD_RATE and LOAD_SECONDS shorten it while
 * developing); push (a group message fanned out to 500 subscribed devices on a local fake push
 * service: time to the last push and socket delivery p99 with and without it; PUSH_DEVICES
 * shortens it); catchup (a fresh device in a group of 50,000 messages, in real Chromium, on the
 * dashboard and on /settings: heading, a tap during catch-up, catch-up done, long tasks;
 * CATCHUP_MESSAGES shortens it); history (scrolling back through a group of 50,000 messages, page
 * by page, before and after an analysis; PGlite and PostgreSQL; HISTORY_MESSAGES shortens it);
 * floor (server CPU per request for a fixed answer, a session check and a direct message, beside
 * the load bench's figure; FLOOR_REQUESTS shortens it).
 */
import { apiBench } from './api';
import { bundleBench } from './bundle';
import { catchUpBrowserBench } from './catchup-browser';
import { dashboardBrowserBench } from './dashboard-browser';
import { floorBench } from './floor';
import { loadBench } from './load';
import { pushBench } from './push';
import { lighthouseBench } from './lighthouse';
import { loginBrowserBench } from './login-browser';
import { spawnSync } from 'node:child_process';
import { realtimeBench } from './realtime';
import { buildForBench, replayBrowserBench } from './replay-browser';
import { historyBench } from './history';

const wanted = new Set(process.argv.slice(2));
const run = (name: string) => wanted.size === 0 || wanted.has(name);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** One production build for every browser bench, made when the first one asks and removed at the end. */
let build: ReturnType<typeof buildForBench> | undefined;
const dist = () => (build ??= buildForBench()).dist;

async function main() {
  console.log(`Haven bench: node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
  if (run('bundle')) {
    try {
      console.table(bundleBench());
    } catch (error) {
      console.log(`bundle: skipped (${(error as Error).message})`);
    }
  }
  if (run('api')) {
    console.table(await apiBench());
    if (pgUrl) console.table(await apiBench(pgUrl));
    else console.log('api on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
  }
  if (run('login')) {
    console.table(bundleBench(dist()));
    console.table(await loginBrowserBench(dist()));
    console.table(await lighthouseBench(dist()));
  }
  if (run('dashboard')) console.table(await dashboardBrowserBench(dist()));
  if (run('replay')) {
    console.table(await replayBrowserBench(undefined, dist()));
    if (pgUrl) console.table(await replayBrowserBench(pgUrl, dist()));
  }
  if (run('catchup')) {
    console.table(await catchUpBrowserBench(undefined, dist()));
    if (pgUrl) console.table(await catchUpBrowserBench(pgUrl, dist()));
  }
  if (run('history')) {
    console.table(await historyBench());
    if (pgUrl) console.table(await historyBench(pgUrl));
  }
  if (run('property')) {
    const started = performance.now();
    const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'tests/server/outbox-property.test.ts'], {
      stdio: 'inherit', env: { ...process.env, PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '1000' },
    });
    console.log(`property: ${process.env.PROPERTY_RUNS ?? '1000'} sequences, ${result.status === 0 ? 'all held' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (run('realtime')) {
    console.table(await realtimeBench());
    if (pgUrl) console.table(await realtimeBench(pgUrl));
  }
  if (run('push')) {
    console.table(await pushBench());
    if (pgUrl) console.table(await pushBench(pgUrl));
  }
  if (run('load')) {
    console.table(await loadBench());
    if (pgUrl) console.table(await loadBench(pgUrl));
  }
  if (run('floor')) {
    console.table(await floorBench());
    if (pgUrl) console.table(await floorBench(pgUrl));
  }
}

main().finally(() => build?.remove()).catch((error) => {
  console.error(error);
  process.exit(1);
});
