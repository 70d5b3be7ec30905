/** Cache Storage names the service worker fills and the page clears (at sign-out). */
export const IMAGE_CACHE = 'haven-images-v1';
/** workbox-expiration's own IndexedDB (its fixed name): when each image was stored, by URL. */
export const IMAGE_EXPIRATION_DB = 'workbox-expiration';
