/**
 * What the page and the service worker say to each other. Each side is a separately built file,
 * and a worker and a page of different versions meet during every update, so the names below
 * are a protocol: change one and the older side no longer understands.
 */

/** The page's "Reload": the waiting worker takes over (workbox's own message, spelled as it does). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/**
 * The page to the worker, whenever nobody is signed in any more: stop answering from the image
 * cache at once, then empty it and its expiration records; the worker answers CLEARED_REPLY on the
 * message's port when both are gone.
 */
export const CLEAR_IMAGES_MESSAGE = { type: 'haven-clear-images' } as const;
export const CLEARED_REPLY = 'cleared';

/** The Background Sync tag the page registers when it queues something to send. */
export const SYNC_TAG = 'haven-outbox';
/** The worker to the open pages, when that sync fires: send the outbox now. */
export const SYNC_MESSAGE = { type: 'haven-sync' } as const;

/** The worker to a page it focused for a notification's click: show this screen (a path of the app). */
export const OPEN_MESSAGE_TYPE = 'haven-open';
export const openMessage = (url: string) => ({ type: OPEN_MESSAGE_TYPE, url }) as const;

/** Whether a message event's data is `message` (anything else, a foreign or malformed message, is not). */
export function isWorkerMessage(data: unknown, message: { readonly type: string }): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === message.type;
}
