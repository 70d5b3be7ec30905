/**
 * Web Push (docs/decisions/notifications.md). A push shows a notification, in the words of
 * shared/push-payload.ts (never anything anyone wrote), unless Haven is open and in front: browsers
 * drop a subscription that shows nothing only while no page of the site is in front. The open pages are woken to sync, so what arrived is on the device when the person looks.
 * A click focuses an open Haven window on the screen the push names, or opens one.
 */
import { notificationText, readPushPayload } from '../src/shared/push-payload';
import { openMessage } from '../src/shared/worker-messages';
import { sw } from './scope';
import { wakePages } from './sync';

const ICON = '/icon-192.png';

function payloadOf(event: PushEvent) {
  try {
    return readPushPayload(event.data?.json());
  } catch {
    return null;
  }
}

export async function showPush(event: PushEvent): Promise<void> {
  const payload = payloadOf(event);
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // Someone looking at Haven sees it arrive there (the unread badges, the open conversation); a
  // browser asks for a notification only when no page of the site is in front.
  if (windows.some((w) => (w as WindowClient).focused && (w as WindowClient).visibilityState === 'visible')) {
    await wakePages(sw.clients);
    return;
  }
  const { title, body } = notificationText(payload);
  await sw.registration.showNotification(title, {
    body, icon: ICON, badge: ICON,
    // One notification per conversation: a burst replaces it instead of piling up.
    tag: payload?.tag ?? 'haven', data: { url: payload?.url ?? '/dashboard' },
  });
  await wakePages(sw.clients);
}

/** Focuses a Haven window and takes it to `url`, or opens a new one there. */
export async function openFromNotification(url: string): Promise<void> {
  const target = new URL(url, sw.location.origin);
  if (target.origin !== sw.location.origin) return;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === target.origin) as WindowClient | undefined;
  if (open) {
    // The page moves there itself (its router, no reload): what it holds and what is typed stay.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- Client.postMessage (worker to page) has no target origin
    open.postMessage(openMessage(target.pathname + target.search));
    await open.focus();
    return;
  }
  await sw.clients.openWindow(target.href);
}

export function setupPush(): void {
  sw.addEventListener('push', (event) => event.waitUntil(showPush(event)));
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openFromNotification(typeof url === 'string' ? url : '/dashboard'));
  });
}
