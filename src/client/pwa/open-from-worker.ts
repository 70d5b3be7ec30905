/**
 * A notification's click (sw/push.ts): the worker focuses an open Haven window and asks it to
 * show a screen; the page moves there through its router, without a reload.
 */
import { isAppPath } from '../../shared/push-payload';
import { OPEN_MESSAGE_TYPE } from '../../shared/worker-messages';

export function listenForOpen(go: (path: string) => void): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === OPEN_MESSAGE_TYPE && isAppPath(data.url)) go(data.url);
  });
}
