/**
 * Notifications in real Chromium (docs/decisions/notifications.md). The browser's own push service
 * is what this machine does not run: the page's PushManager hands out a subscription on a fake push
 * service on 127.0.0.1 (which decrypts what Haven sends, as the browser would), and the push is
 * delivered to the service worker through the DevTools protocol. The test runs a server of its
 * own, which allows that push service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakePush, type FakePush } from '../support/fake-push';
import { expectToast, loginAdminApi, signUpApi, useBrowser, verifyApi, WAIT } from './browser';
import { message, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { freePort, startHaven, type HavenProcess } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'haven-e2e-push-'));
let server: HavenProcess;
let pushService: FakePush;
beforeAll(async () => {
  pushService = await startFakePush();
  server = await startHaven({
    port: await freePort(), dataDir: join(dataDir, 'data'), dist: inject('dist'), adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword'),
    env: { PUSH_ENDPOINT_ALLOW: pushService.origin },
  });
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The page's PushManager answers with this subscription, as a browser would with its push service's. */
async function fakePushManager(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
  await page.context().addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = (key: BufferSource): PushSubscription => ({
      endpoint: sub.endpoint, expirationTime: null,
      options: { applicationServerKey: key instanceof ArrayBuffer ? key : (key as Uint8Array).slice().buffer, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      current = make(options!.applicationServerKey as BufferSource);
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}

describe('notifications', () => {
  const browser = useBrowser();

  it('are offered after a first message, carry no words, and a click takes the open tab to the conversation; the title counts what is unread', async () => {
    const own = { baseURL: server.baseURL };
    const admin = await browser.open(own);
    const { code } = await verifiedTherapist(admin, await browser.open(own));
    const ana = await browser.open({ ...own, width: 390, height: 844 });
    const ben = await browser.open(own);
    const device = pushService.device();
    await fakePushManager(ana, device.subscription);
    await ana.context().grantPermissions(['notifications'], { origin: server.baseURL });
    const anaName = uniqueName('Ana');
    const anaUser = await signUpAs(ana.context(), 'user', anaName, code);
    const benName = uniqueName('Ben');
    const benUser = await signUpAs(ben.context(), 'user', benName, code);
    // Ben writes first; Ana accepts by answering.
    expect((await ben.context().request.post(`/api/messages/send/${anaUser._id}`, { data: { text: 'hi Ana' }, timeout: WAIT })).ok()).toBe(true);
    expect((await ana.context().request.post(`/api/messages/requests/${benUser._id}/accept`, { timeout: WAIT })).ok()).toBe(true);

    // The title counts what is unread (Ben's first message), and no permission is asked at load.
    await ana.goto('/dashboard');
    await expect.poll(() => ana.title(), { timeout: WAIT }).toMatch(/^\(1\) /);
    expect(await ana.getByTestId('notify-offer').count()).toBe(0);

    // After Ana's first message, a card says what a notification holds before the browser asks.
    await ana.goto(`/chat/dm/${benUser._id}`);
    await ana.getByLabel('Message', { exact: true }).waitFor({ timeout: WAIT * 2 });
    expect(await ana.getByTestId('notify-offer').count()).toBe(0);
    await sendWithEnter(ana, 'hello Ben');
    const offer = ana.getByTestId('notify-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain('never what anyone wrote');
    await offer.getByRole('button', { name: 'Turn on notifications' }).click();
    await offer.waitFor({ state: 'detached' });
    // The card goes at the tap; the subscription reaches the server a moment later, and the toast says so.
    await expectToast(ana, 'Notifications are on');

    // Ana leaves Haven (a page of Haven in front would show the arrival itself); Ben writes. The
    // push reaches the push service, without words or names.
    await ana.goto('about:blank');
    const secret = 'the words only Ana may read';
    expect((await ben.context().request.post(`/api/messages/send/${anaUser._id}`, { data: { text: secret }, timeout: WAIT })).ok()).toBe(true);
    await expect.poll(() => device.received.length, { timeout: WAIT, interval: 20 }).toBe(1);
    const [push] = device.received;
    expect(push!.text).not.toContain(secret);
    expect(push!.text).not.toContain(benName);

    // Delivered to the service worker, it shows "New message"; a tap brings the open Haven tab to
    // the conversation, through its router (no reload).
    const worker = ana.context().serviceWorkers()[0] ?? await ana.context().waitForEvent('serviceworker');
    const cdp = await ana.context().newCDPSession(ana);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      for (const r of e.registrations) if (r.scopeURL.startsWith(server.baseURL)) registrations.push(r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length, { timeout: WAIT }).toBeGreaterThan(0);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseURL, registrationId: registrations[0]!, data: push!.text });
    // The worker's global, as far as this test reaches into it (the test's own types have no webworker lib).
    type Scope = { registration: { getNotifications(): Promise<Notification[]> }; dispatchEvent(event: Event): boolean };
    type ClickEvent = new (type: string, init: { notification: Notification }) => Event;
    await expect.poll(() => worker.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).map((n) => `${n.title}|${n.body}`)), { timeout: WAIT })
      .toEqual(['New message|Open Haven to read it.']);
    // Ana has Haven open again, elsewhere, when she taps it (a test's tap cannot open a window itself).
    await ana.goto('/dashboard');
    await ana.evaluate(() => { (window as { havenMark?: number }).havenMark = 1; });
    await worker.evaluate(async () => {
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications();
      const Click = (globalThis as unknown as { NotificationEvent: ClickEvent }).NotificationEvent;
      scope.dispatchEvent(new Click('notificationclick', { notification: notification! }));
    });
    await ana.waitForURL((url) => url.pathname === `/chat/dm/${benUser._id}`, { timeout: WAIT });
    await message(ana, secret).waitFor({ timeout: WAIT });
    expect(await ana.evaluate(() => (window as { havenMark?: number }).havenMark)).toBe(1);
  });

  it('the waiting page of a professional moves to the dashboard by itself when the admin verifies them, without a reload', async () => {
    const own = { baseURL: server.baseURL };
    const admin = await browser.open(own);
    await loginAdminApi(admin.context());
    const pro = await browser.open(own);
    const { user } = await signUpApi(pro.context(), 'therapist');
    await pro.goto('/verification-needed');
    await pro.getByText('Haven sends no email').waitFor();
    await pro.evaluate(() => { (window as { havenMark?: number }).havenMark = 1; });
    await verifyApi(admin.context(), user._id);
    // The page asks every half minute (and on coming back into view); no reload.
    await pro.waitForURL((url) => url.pathname === '/dashboard', { timeout: 45_000 });
    await expectToast(pro, 'Your account has been verified. Welcome to Haven.');
    expect(await pro.evaluate(() => (window as { havenMark?: number }).havenMark)).toBe(1);
  });
});
