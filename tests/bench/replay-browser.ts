/**
 * Replay after a long time offline, in real Chromium with the conversation on screen: N messages
 * typed offline through the composer (enqueue time per message, as the person feels it: Enter
 * until the box is cleared, which happens once the message is safely stored), then the network
 * returns and the page's own outbox is watched until it is empty. Figures: online → first ack,
 * online → last ack, msg/s, enqueue p50/p99, and how many typed messages the list showed; then
 * the server is asked what it holds: duplicates and missing must both be 0. Nothing skips a wait: the clock is the real one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { AuthUser, SyncPage } from '../../src/shared/api';
import { ADMIN, percentile, startBenchServer, type BenchServer } from './lib';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The system Chromium (nothing is downloaded); CHROME_PATH picks another. */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A production build in a temporary folder (what ships, not the dev server). */
export function buildForBench(): { dist: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'haven-bench-dist-'));
  const dist = join(dir, 'dist');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: ROOT, stdio: 'inherit', timeout: 180_000, env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  return { dist, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function post<T>(context: BrowserContext, path: string, data?: unknown): Promise<T> {
  const res = await context.request.post(path, { data, timeout: 60_000 });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A verified professional and their referral code, made by the admin, whose context is answered still open. */
export async function verifiedPro(browser: Browser, baseURL: string, stamp: string): Promise<{ admin: BrowserContext; pro: AuthUser; referralCode: string }> {
  const admin = await browser.newContext({ baseURL });
  await post(admin, '/api/auth/login', ADMIN);
  const pro = await post<AuthUser>(admin, '/api/auth/signup', { fullName: 'Bench Pro', email: `pro-${stamp}@bench.haven`, password: 'bench-password', role: 'therapist' });
  await post(admin, '/api/auth/login', ADMIN);
  const { referralCode } = await post<{ referralCode: string }>(admin, `/api/admin/verify-user/${pro._id}`);
  return { admin, pro, referralCode };
}

async function people(browser: Browser, baseURL: string) {
  const stamp = Date.now().toString(36);
  const { admin, referralCode } = await verifiedPro(browser, baseURL, stamp);
  await admin.close();
  const person = async (name: string) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const user = await post<AuthUser>(context, '/api/auth/signup', {
      fullName: `${name} ${stamp}`, email: `${name}-${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode,
    });
    return { context, user };
  };
  return { sender: await person('Sender'), receiver: await person('Receiver') };
}

/**
 * Types `count` messages through the composer in the page; answers each one's enqueue time in ms,
 * and how many of them the conversation's list showed (a row drawn in it, as the person sees it).
 */
function typeInPage({ box, count, stamp }: { box: HTMLElement | SVGElement; count: number; stamp: string }): Promise<{ times: number[]; shown: number }> {
  return (async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const times: number[] = [];
    const shown = new Set<string>();
    // The whole page is watched: an empty conversation's list is replaced by another at the first message.
    const scan = () => {
      for (const row of document.querySelectorAll('[role="log"][aria-label="Messages"] [data-testid="message"]')) {
        const text = row.textContent ?? '';
        const at = text.indexOf(`replay ${stamp} #`);
        if (at >= 0) shown.add(/#\d+\./.exec(text.slice(at))?.[0] ?? '');
      }
    };
    const rows = new MutationObserver(scan);
    rows.observe(document.body, { childList: true, subtree: true, characterData: true });
    for (let i = 0; i < count; i += 1) {
      const input = box as HTMLInputElement;
      // Ended by a full stop: a row's text runs on into its time ("#1" then "14:21").
      setValue.call(input, `replay ${stamp} #${i}.`);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(r));
      const started = performance.now();
      input.form!.requestSubmit();
      // Event-driven, not polled: React keeps a controlled input's value attribute in step, so an
      // observer hears the clear without the bench itself taking the page's main thread.
      if (input.value !== '') {
        await new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (input.value === '') {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(input, { attributes: true, attributeFilter: ['value'] });
        });
      }
      times.push(performance.now() - started);
      // The row of the message just typed is drawn by the next frame.
      await new Promise((r) => requestAnimationFrame(r));
    }
    // The last row may be drawn a frame or two after its box cleared: it is given two seconds.
    const until = performance.now() + 2000;
    while (shown.size < count && performance.now() < until) await new Promise((r) => requestAnimationFrame(r));
    rows.disconnect();
    scan();
    return { times, shown: shown.size };
  })();
}

/** Resolves when the page's outbox is empty: ms from the `online` event to the first and the last acknowledgement. */
function watchOutbox({ dbName, total }: { dbName: string; total: number }): Promise<{ first: number; last: number }> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.addEventListener('error', () => reject(open.error));
    open.addEventListener('success', () => {
      const db = open.result;
      const count = () => new Promise<number>((res, rej) => {
        const req = db.transaction('outbox').objectStore('outbox').count();
        req.addEventListener('success', () => res(req.result));
        req.addEventListener('error', () => rej(req.error));
      });
      addEventListener('online', () => {
        const t0 = performance.now();
        let first = -1;
        const poll = async () => {
          const left = await count();
          const now = performance.now() - t0;
          if (first < 0 && left < total) first = now;
          if (left === 0) {
            db.close();
            resolve({ first, last: now });
          } else setTimeout(() => void poll().catch(reject), 10);
        };
        void poll().catch(reject);
      }, { once: true });
    });
  });
}

async function serverCopies(context: BrowserContext, senderId: string, stamp: string): Promise<{ texts: string[]; ids: Set<string> }> {
  const texts: string[] = [];
  const ids = new Set<string>();
  let cursor = 0;
  for (;;) {
    const res = await context.request.get(`/api/messages/sync?since=${cursor}`, { timeout: 30_000 });
    const page = (await res.json()) as SyncPage;
    for (const m of page.direct) {
      if (m.senderId === senderId && m.text.startsWith(`replay ${stamp} `)) {
        texts.push(m.text);
        ids.add(m.clientId);
      }
    }
    cursor = page.cursor;
    if (!page.hasMore) return { texts, ids };
  }
}

async function replayOnce(server: BenchServer, browser: Browser, count: number): Promise<Record<string, string>> {
  const { sender, receiver } = await people(browser, server.baseUrl);
  try {
    // tsx keeps function names with a `__name` helper that page functions would otherwise miss.
    await sender.context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await sender.context.newPage();
    if (process.env.BENCH_DEBUG) {
      page.on('crash', () => console.log('PAGE CRASHED'));
      page.on('close', () => console.log('PAGE CLOSED'));
      page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
      page.on('pageerror', (e) => console.log('pageerror:', e.message));
    }
    await page.goto('/chat');
    await page.getByTestId('person').filter({ hasText: receiver.user.fullName }).click({ timeout: 30_000 });
    await page.getByTestId('conversation-title').filter({ hasText: receiver.user.fullName }).waitFor({ timeout: 30_000 });

    await sender.context.setOffline(true);
    if (process.env.BENCH_DEBUG) console.log('offline; typing', count);
    const stamp = Date.now().toString(36);
    const box = await page.getByLabel('Message', { exact: true }).elementHandle();
    if (!box) throw new Error('no composer');
    const typed = await page.evaluate(typeInPage, { box, count, stamp });
    const enqueue = typed.times.sort((a, b) => a - b);
    const watching = page.evaluate(watchOutbox, { dbName: `haven-${sender.user._id}`, total: count });
    await page.waitForTimeout(100); // the watcher has opened IndexedDB and listens for 'online'
    if (process.env.BENCH_DEBUG) console.log('typed; going online');
    await sender.context.setOffline(false);
    const { first, last } = await watching;
    if (process.env.BENCH_DEBUG) console.log('all acknowledged');

    const { texts, ids } = await serverCopies(receiver.context, sender.user._id, stamp);
    const inOrder = texts.every((t, i) => t === `replay ${stamp} #${i}.`);
    return {
      database: server.kind, case: `${count} typed offline, conversation open`,
      'online → first ack': `${(first / 1000).toFixed(2)} s`, 'online → last ack': `${(last / 1000).toFixed(2)} s`,
      'msg/s': (count / (last / 1000)).toFixed(0),
      'enqueue p50': `${percentile(enqueue, 50).toFixed(1)} ms`, 'enqueue p99': `${percentile(enqueue, 99).toFixed(1)} ms`,
      duplicates: String(texts.length - ids.size), missing: String(count - ids.size), 'in order': inOrder ? 'yes' : 'NO',
      'shown as typed': `${typed.shown} of ${count}`,
    };
  } finally {
    await sender.context.close().catch(() => undefined);
    await receiver.context.close().catch(() => undefined);
  }
}

export async function replayBrowserBench(postgresUrl: string | undefined, dist: string, counts = [200, 1000]): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl, dist);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const rows: Record<string, string>[] = [];
    for (const count of counts) rows.push(await replayOnce(server, browser, count));
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}
