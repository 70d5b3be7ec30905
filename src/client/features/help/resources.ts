/**
 * The crisis lines on this device. Help must show at once, offline and before sign-in, so the
 * list comes from localStorage (or the bundled default) and the server's copy only refreshes it.
 */
import { useEffect } from 'react';
import {
  DEFAULT_CRISIS_RESOURCES, validResources, type CrisisResource,
} from '../../../shared/crisis-resources';
import { call } from '../../net/call';
import { LOCAL_KEYS } from '../../state/local-keys';
import { createStore, useStore } from '../../state/store';

function readCached(): CrisisResource[] | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.crisisResources);
    return raw ? validResources(JSON.parse(raw)) : null;
  } catch {
    // Storage blocked or a damaged entry: the default still gets help on screen.
    return null;
  }
}

/** The list the server gave in this page load; null until then. */
const served = createStore<CrisisResource[] | null>(null);
/**
 * What this page load started with, read once: a reader needs the same array on every render, and
 * reading is left to the first reader so that nothing touches storage at import.
 */
let kept: CrisisResource[] | null = null;

/** The list to show right now: the last one the server gave this device, else the default. */
export function crisisResources(): CrisisResource[] {
  return served.get() ?? (kept ??= readCached() ?? DEFAULT_CRISIS_RESOURCES);
}

const listShown = { get: crisisResources, subscribe: served.subscribe };

let refreshing: Promise<void> | null = null;

/** Asks the server for its list and keeps it; a failure (offline, server down) leaves the list as it was. */
export function refreshCrisisResources(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const body = await call('crisisResources');
      const list = validResources(body.resources);
      if (!list) return;
      try {
        localStorage.setItem(LOCAL_KEYS.crisisResources, JSON.stringify(list));
      } catch {
        // Storage full or blocked: this page still shows the fresh list.
      }
      served.set(list);
    } catch {
      // Offline or unreachable: the cached or bundled list stays, and the next screen that shows
      // the list (or the next time the connection returns) asks again.
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Forgets this page load's state, as a new page load would (tests). */
export function resetCrisisResources(): void {
  kept = null;
  served.set(null);
  refreshing = null;
}

/** The crisis lines, at once; the first caller in a page load refreshes them in the background. */
export function useCrisisResources(): CrisisResource[] {
  const list = useStore(listShown);
  useEffect(() => {
    void refreshCrisisResources();
    const retry = () => void refreshCrisisResources();
    globalThis.addEventListener('online', retry);
    return () => globalThis.removeEventListener('online', retry);
  }, []);
  return list;
}
