/**
 * Whether a new version is there, and how to switch to it. register.ts fills it; UpdatePrompt
 * reads it. Kept apart from workbox-window so the prompt is testable on its own.
 * - 'waiting': installed, not yet in charge; applying asks it to take over, then reloads.
 * - 'active': another tab's Reload already put it in charge of this tab too; this tab keeps
 *   running the old version until the person reloads (never silently: see register.ts).
 */
import { createStore, useStore } from '../state/store';

type Apply = () => void;
export type UpdateKind = 'waiting' | 'active';

export interface Update {
  kind: UpdateKind;
  apply: Apply;
}

const update = createStore<Update | null>(null);

export function setUpdateReady(apply: Apply | null, kind: UpdateKind = 'waiting'): void {
  update.set(apply ? { kind, apply } : null);
}

export const getUpdate = update.get;

/** The new version and how to switch to it, or null when there is none. */
export function useUpdateReady(): Update | null {
  return useStore(update);
}
