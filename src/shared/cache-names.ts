/** Cache Storage names the service worker fills and the page clears (at sign-out). */
export const IMAGE_CACHE = 'haven-images-v1';
