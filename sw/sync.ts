/**
 * Background Sync, where the browser has it: the page registered SYNC_TAG when it queued
 * something; here the worker only wakes the open pages, whose sync engine sends the outbox
 * (it listens for exactly SYNC_MESSAGE). The in-page triggers cover every other browser.
 */
import { SYNC_MESSAGE, SYNC_TAG } from '../src/shared/worker-messages';
import { sw } from './scope';

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
