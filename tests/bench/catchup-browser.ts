/**
 * A new device in a big group, in real Chromium against the production build: a group holding
 * CATCHUP_MESSAGES messages (50,000 by default, inserted straight into the server's database as
 * years of a busy group would leave them), and a member signing in on a fresh browser on one
 * screen. Figures: the screen's heading on screen; on the dashboard, a tap on Settings answered
 * while catch-up runs; catch-up finished (the device's cursor reaches the group's newest change);
 * the device's copy trimmed back to its bound after it; and the main thread's long tasks until
 * then (their total and the longest). The clock is the real one; nothing is skipped. Prints;
 * asserts nothing.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { AuthUser } from '../../src/shared/api';
import { KEEP_PER_CONVERSATION } from '../../src/client/sync/prune';
import { cursorOf } from '../support/device-store';
import { seedGroupHistory, startBenchServer } from './lib';
import { CHROME_ARGS, CHROME_PATH, post, verifiedPro } from './replay-browser';

const MESSAGES = Number(process.env.CATCHUP_MESSAGES ?? 50_000);
/** A catch-up still running after this long is reported as unfinished. */
const GIVE_UP_MS = 300_000;

/** A verified professional, a group, and `count` members who joined it (each a context of its own, on a phone). */
async function setUp(browser: Browser, baseURL: string, count: number) {
  const stamp = Date.now().toString(36);
  const { admin, pro, referralCode } = await verifiedPro(browser, baseURL, stamp);
  const { group } = await post<{ group: { _id: string } }>(admin, '/api/admin/create-group', { name: `Big group ${stamp}`, type: 'mental', description: 'A busy group.' });
  await admin.close();
  const members: BrowserContext[] = [];
  for (let i = 0; i < count; i += 1) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
    await post(context, '/api/auth/signup', { fullName: `Member ${i} ${stamp}`, email: `member${i}-${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode });
    await post(context, `/api/messages/join-group/${group._id}`);
    members.push(context);
  }
  return { groupId: group._id, senderId: pro._id, stamp, members };
}

/** How many messages the device holds, read straight from IndexedDB. */
function storedOf(dbName: string): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open(dbName);
    open.addEventListener('error', () => resolve(Number.POSITIVE_INFINITY));
    open.addEventListener('success', () => {
      const db = open.result;
      const count = db.transaction('messages').objectStore('messages').count();
      count.addEventListener('success', () => { db.close(); resolve(count.result); });
      count.addEventListener('error', () => { db.close(); resolve(Number.POSITIVE_INFINITY); });
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function openOn(context: BrowserContext, screen: '/dashboard' | '/settings', newest: number): Promise<Record<string, string>> {
  // tsx keeps function names with a `__name` helper that page functions would otherwise miss.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(() => {
    const longTasks: number[] = [];
    (globalThis as unknown as { longTasks: number[] }).longTasks = longTasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const me = await (await context.request.get('/api/auth/check')).json() as AuthUser;
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(screen);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  const heading = Date.now() - started;
  let tap = '';
  if (screen === '/dashboard') {
    const tapped = Date.now();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click({ timeout: 60_000 });
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Theme' }).waitFor({ timeout: 60_000 });
    tap = `${Date.now() - tapped} ms`;
    const back = Date.now();
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    tap += ` (and ${Date.now() - back} ms back)`;
  }
  let done = 0;
  while (Date.now() - started < GIVE_UP_MS) {
    if ((await page.evaluate(cursorOf, `haven-${me._id}`)) >= newest) {
      done = Date.now() - started;
      break;
    }
    await page.waitForTimeout(250);
  }
  // Then the device trims its copy to the newest KEEP_PER_CONVERSATION (prune.ts): settled.
  let trimmed = 0;
  if (done > 0) {
    while (Date.now() - started < GIVE_UP_MS) {
      if ((await page.evaluate(storedOf, `haven-${me._id}`)) <= KEEP_PER_CONVERSATION) {
        trimmed = Date.now() - started;
        break;
      }
      await page.waitForTimeout(250);
    }
  }
  const longTasks = await page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks);
  return {
    case: `${MESSAGES.toLocaleString('en')} messages, fresh device on ${screen}`,
    heading: `${heading} ms`,
    'tap during catch-up': tap || '-',
    'catch-up done': done ? seconds(done) : `not in ${seconds(GIVE_UP_MS)}`,
    'copy trimmed': trimmed ? seconds(trimmed) : '-',
    'long tasks': `${seconds(longTasks.reduce((a, b) => a + b, 0))} (${longTasks.length}, longest ${Math.round(Math.max(0, ...longTasks))} ms)`,
  };
}

export async function catchUpBrowserBench(postgresUrl: string | undefined, dist: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl, dist);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const { groupId, senderId, stamp, members } = await setUp(browser, server.baseUrl, 2);
    const newest = await seedGroupHistory(server, groupId, senderId, stamp, MESSAGES);
    const rows: Record<string, string>[] = [];
    for (const [i, screen] of (['/dashboard', '/settings'] as const).entries()) {
      rows.push({ database: server.kind, ...(await openOn(members[i]!, screen, newest)) });
      await members[i]!.close();
    }
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}
