/**
 * Background Sync, where the browser has it: the page registered 'haven-outbox' when it queued
 * something; here the worker only wakes the open pages, whose sync engine sends the outbox
 * (it listens for exactly {type: 'haven-sync'}). The in-page triggers cover every other browser.
 */
import { sw } from './scope';

export const SYNC_TAG = 'haven-outbox';
export const SYNC_MESSAGE = { type: 'haven-sync' } as const;

/** Not in lib.webworker yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export async function wakePages(clients: Pick<Clients, 'matchAll'>): Promise<number> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- Client.postMessage (worker to page) has no target origin
    client.postMessage(SYNC_MESSAGE);
  }
  return windows.length;
}

export function setupSync(): void {
  sw.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag === SYNC_TAG) sync.waitUntil(wakePages(sw.clients));
  });
}
