/**
 * This device's Web Push subscription (docs/decisions/notifications.md). Permission is asked only
 * when the person chooses to turn notifications on (after a first message, or in Settings), never
 * at load. The subscription is made for the server's key and handed to the server, which binds it
 * to this session: signing out drops it there, and signing in again here hands it over afresh.
 */
import { call } from '../../net/call';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** What a notification holds, said before the browser asks (the offer) and in Settings. */
export const NOTIFICATIONS_PROMISE = 'Notifications say only that something arrived, never what anyone wrote; names show only if you turn that on.';

const supported = () => typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** Whether this device receives notifications now (the server's side is taken on trust: it drops a dead one). */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/** Asks for permission (a browser prompt) and subscribes this device; answers where it ended. */
export async function turnOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  await handOver();
  return 'on';
}

/** With permission already given: subscribes if needed and tells the server (after a sign-in, too). */
export async function handOver(): Promise<void> {
  const reg = await navigator.serviceWorker.ready;
  const key = keyBytes((await call('pushKey')).publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // Made for another server key (a reset database): it cannot be used, so it is replaced.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete push subscription');
  await call('pushSubscribe', { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
}

/** Stops notifications on this device, here and on the server. */
export async function turnOff(): Promise<void> {
  const subscription = supported() ? await (await registration())?.pushManager.getSubscription() : null;
  if (!subscription) return;
  await call('pushUnsubscribe', { body: { endpoint: subscription.endpoint } }).catch((error: unknown) => console.error('Haven: the server was not told', error));
  await subscription.unsubscribe();
}

/**
 * After a sign-in (not at every start-up): a device that had notifications on hands its
 * subscription to the new session (signing out removed it from the server). One turned off, or
 * never on, stays as it is.
 */
export async function resume(): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return;
  if (!(await (await registration())?.pushManager.getSubscription())) return;
  await handOver();
}
