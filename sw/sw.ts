/// <reference lib="webworker" />
/** Haven's service worker (injectManifest): one module per concern. Order matters: routes match first-registered first. */
import { setupImages } from './images';
import { setupLifecycle } from './lifecycle';
import { setupNavigation } from './navigation';
import { setupPrecache } from './precache';
import { setupPush } from './push';
import { setupSync } from './sync';

setupLifecycle();
setupPrecache();
setupNavigation();
setupImages();
setupSync();
setupPush();
