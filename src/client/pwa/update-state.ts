/**
 * Whether a new version is installed and waiting, and how to switch to it. register.ts fills it;
 * UpdatePrompt reads it. Kept apart from workbox-window so the prompt is testable on its own.
 */
import { useSyncExternalStore } from 'react';

type Apply = () => void;

let applyUpdate: Apply | null = null;
const listeners = new Set<() => void>();

export function setUpdateReady(apply: Apply | null): void {
  applyUpdate = apply;
  for (const l of listeners) l();
}

export function getUpdate(): Apply | null {
  return applyUpdate;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The function that switches to the waiting version, or null when there is none. */
export function useUpdateReady(): Apply | null {
  return useSyncExternalStore(subscribe, getUpdate, getUpdate);
}
