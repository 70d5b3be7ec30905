/** Cache Storage names the service worker fills and the page clears (at sign-out). */
export const IMAGE_CACHE = 'haven-images-v1';
/** workbox-expiration's own IndexedDB (its fixed name): when each image was stored, by URL. */
export const IMAGE_EXPIRATION_DB = 'workbox-expiration';
/**
 * The page to the service worker, whenever nobody is signed in any more: stop answering from
 * IMAGE_CACHE at once, then empty it and its expiration records; the worker answers on the
 * message's port when both are gone.
 */
export const CLEAR_IMAGES_MESSAGE = { type: 'haven-clear-images' } as const;
