/**
 * The app shell: every built file (vite-plugin-pwa injects the list at build time).
 * A new worker adds the new files while it waits; the old ones are only dropped when it
 * activates, i.e. after the page's Reload, so an open page never misses a lazy chunk.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

// The build replaces the literal text `self.__WB_MANIFEST`, so it is spelled out here.
declare const self: ServiceWorkerGlobalScope;

export function setupPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  // Caches left by an older Workbox precache format, never the current one.
  cleanupOutdatedCaches();
}
