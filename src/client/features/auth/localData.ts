/**
 * What signing out leaves on, or takes off, this device (docs/decisions/earlier.md, "Shared devices").
 *
 * Every sign-out, whatever ended the session, deletes the viewed-image cache and its expiration
 * records, so the next person never sees another's photos. "Also remove my data from this device"
 * deletes the person's own database (`haven-<userId>`: messages, the outbox, Aura chats, the
 * diary, the safety plan) and any localStorage key naming them. Crisis resources, the theme and the storage-persistence answer
 * belong to the device, not to a person, and stay.
 */
import { IMAGE_CACHE, IMAGE_EXPIRATION_DB } from '../../../shared/cache-names';
import { CLEAR_IMAGES_MESSAGE } from '../../../shared/worker-messages';
import { askWorker } from '../../pwa/ask-worker';
import { LOCAL_KEYS, personalDatabaseName } from '../../state/local-keys';

/** How long a sign-out waits for the database to be deleted before going on (another tab may still hold it). */
export const REMOVAL_WAIT_MS = 10_000;

/** How long a sign-out waits for the service worker to say the viewed images are gone. */
export const WORKER_CLEAR_WAIT_MS = 2000;

/**
 * Viewed images are cached for offline use (sw/image-cache.ts); whenever nobody is signed in here
 * they go, with workbox-expiration's record of which were viewed. The worker is asked first, in
 * the caller's task: from then on it answers no photo from its cache (a request racing the
 * sign-out goes to the network, where the server refuses it), and it empties both itself, the
 * records through workbox's own connection to their database. Without a worker that answers, the
 * page deletes that database; a worker still holding it open (an older one) lets the deletion
 * through when it stops.
 */
export async function clearImageCaches(): Promise<void> {
  const workerCleared = askWorker(CLEAR_IMAGES_MESSAGE, WORKER_CLEAR_WAIT_MS);
  await globalThis.caches?.delete(IMAGE_CACHE).catch(() => false);
  if (await workerCleared) return;
  try {
    globalThis.indexedDB?.deleteDatabase(IMAGE_EXPIRATION_DB);
  } catch {
    // No IndexedDB at all (a locked-down browser): nothing was stored there either.
  }
}

/**
 * The ids under LOCAL_KEYS.pendingRemoval: a deletion that failed or is still waiting is tried
 * again at the next start. Normally empty: it is cleared as soon as the deletion is done.
 */
function readPendingRemovals(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(LOCAL_KEYS.pendingRemoval) ?? '[]');
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writePendingRemovals(ids: readonly string[]): void {
  if (ids.length === 0) localStorage.removeItem(LOCAL_KEYS.pendingRemoval);
  else localStorage.setItem(LOCAL_KEYS.pendingRemoval, JSON.stringify([...new Set(ids)]));
}

/** The same person signed in again: their database is theirs to use, not to delete. */
export function forgetPendingRemoval(userId: string): void {
  const ids = readPendingRemovals();
  if (ids.includes(userId)) writePendingRemovals(ids.filter((id) => id !== userId));
}

/** Every localStorage key that names the person (their last profile, and any per-person key by id). */
function removePersonalKeys(userId: string): void {
  localStorage.removeItem(LOCAL_KEYS.lastUser);
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.includes(userId)) localStorage.removeItem(key);
}

/**
 * Deletes the database, waiting at most `waitMs`. Only closed connections let a deletion through:
 * the engine has closed this tab's (stopEngine), and Dexie closes another tab's on `versionchange`.
 * False when it did not finish in time or failed; a waiting deletion still finishes by itself.
 */
async function deleteDatabase(name: string, waitMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Loaded here, not at start-up: the sign-in screen must not carry the database library.
    const { Dexie } = await import('dexie');
    return await Promise.race([
      Dexie.delete(name).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      }),
    ]);
  } catch (error) {
    console.error(`Haven: deleting ${name} failed`, error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * "Also remove my data from this device", after the engine has stopped (which closed the
 * database). True when everything is gone; false when the database is still to go, in which case
 * it is tried again at the next start.
 */
export async function removeLocalData(userId: string, waitMs = REMOVAL_WAIT_MS): Promise<boolean> {
  removePersonalKeys(userId);
  writePendingRemovals([...readPendingRemovals(), userId]);
  const done = await deleteDatabase(personalDatabaseName(userId), waitMs);
  // The same person may have signed in again meanwhile (forgetPendingRemoval): read the list afresh.
  if (done) writePendingRemovals(readPendingRemovals().filter((id) => id !== userId));
  return done;
}

/** At start, before anyone's database opens: finishes removals an earlier sign-out could not. */
export async function retryPendingRemovals(waitMs = REMOVAL_WAIT_MS): Promise<void> {
  for (const id of readPendingRemovals()) {
    if (await deleteDatabase(personalDatabaseName(id), waitMs)) {
      writePendingRemovals(readPendingRemovals().filter((other) => other !== id));
    }
  }
}
