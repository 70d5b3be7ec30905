/**
 * The browser's offer to install Haven (the `beforeinstallprompt` event, Chromium browsers only),
 * kept until the app's own calm offer (InstallPrompt.tsx) is answered. Holding the event also stops
 * the browser's own banner, which would otherwise pop up over whatever the person is doing. Put
 * away once, the offer is not made again on this device (the browser's menu still installs).
 */
import { LOCAL_KEYS } from '../state/local-keys';
import { createStore, useStore } from '../state/store';

/** Not in TypeScript's DOM library: Chromium's event, as documented by MDN. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const offer = createStore<InstallPromptEvent | null>(null);
const putAway = createStore<boolean>(readPutAway());

function readPutAway(): boolean {
  try {
    return globalThis.localStorage?.getItem(LOCAL_KEYS.installDismissed) != null;
  } catch {
    // Storage refused (a locked-down browser): the offer may show again, which is harmless.
    return false;
  }
}

function remember(): void {
  putAway.set(true);
  try {
    localStorage.setItem(LOCAL_KEYS.installDismissed, new Date().toISOString());
  } catch {
    // Not remembered past this page; nothing else to do.
  }
}

let listening = false;

/** Starts holding the browser's offer; safe to call more than once. */
export function listenForInstall(target: Pick<Window, 'addEventListener'> = globalThis): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer.set(event as InstallPromptEvent);
  });
  // Installed from the browser's menu instead: nothing left to offer.
  target.addEventListener('appinstalled', () => offer.set(null));
}

/** Opens the browser's install dialog (an event can be used once); a "no" there is remembered like "Not now". */
export async function install(): Promise<'accepted' | 'dismissed' | null> {
  const event = offer.get();
  if (!event) return null;
  offer.set(null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'dismissed') remember();
  return outcome;
}

/** "Not now": the offer goes and stays away on this device. */
export function dismissInstall(): void {
  remember();
}

const shown = { get: () => offer.get() !== null && !putAway.get(), subscribe: (l: () => void) => {
  const a = offer.subscribe(l);
  const b = putAway.subscribe(l);
  return () => { a(); b(); };
} };

/** Whether to show the app's offer: the browser has one and the person has not put it away. */
export function useInstallOffer(): boolean {
  return useStore(shown);
}

// As soon as this module loads: the browser makes its offer once per page load, often before any screen asks.
if (typeof window !== 'undefined') listenForInstall();

/** Tests only: forget the held event and re-read the remembered answer. */
export function resetInstallState(): void {
  offer.set(null);
  putAway.set(readPutAway());
}
