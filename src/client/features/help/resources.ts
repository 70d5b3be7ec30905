/**
 * The crisis lines on this device. Help must show at once, offline and before sign-in, so the
 * list comes from localStorage (or the bundled default) and the server's copy only refreshes it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  DEFAULT_CRISIS_RESOURCES, validResources, type CrisisResource,
} from '../../../shared/crisis-resources';
import { call } from '../../net/call';

export const CRISIS_RESOURCES_KEY = 'haven.crisisResources';

function readCached(): CrisisResource[] | null {
  try {
    const raw = localStorage.getItem(CRISIS_RESOURCES_KEY);
    return raw ? validResources(JSON.parse(raw)) : null;
  } catch {
    // Storage blocked or a damaged entry: the default still gets help on screen.
    return null;
  }
}

let current: CrisisResource[] | null = null;
const listeners = new Set<() => void>();

/** The list to show right now: the last one the server gave this device, else the default. */
export function crisisResources(): CrisisResource[] {
  current ??= readCached() ?? DEFAULT_CRISIS_RESOURCES;
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let refreshing: Promise<void> | null = null;

/** Asks the server for its list and keeps it; a failure (offline, server down) leaves the list as it was. */
export function refreshCrisisResources(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const body = await call('crisisResources');
      const list = validResources(body.resources);
      if (!list) return;
      try {
        localStorage.setItem(CRISIS_RESOURCES_KEY, JSON.stringify(list));
      } catch {
        // Storage full or blocked: this page still shows the fresh list.
      }
      current = list;
      for (const listener of listeners) listener();
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
  current = null;
  refreshing = null;
}

/** The crisis lines, at once; the first caller in a page load refreshes them in the background. */
export function useCrisisResources(): CrisisResource[] {
  const list = useSyncExternalStore(subscribe, crisisResources, crisisResources);
  useEffect(() => {
    void refreshCrisisResources();
    const retry = () => void refreshCrisisResources();
    globalThis.addEventListener('online', retry);
    return () => globalThis.removeEventListener('online', retry);
  }, []);
  return list;
}
