/** The engine of whoever is signed in on this tab (none when signed out). */
import { useSyncExternalStore } from 'react';
import type { AuthUser } from '../../shared/api';
import type { HavenDb } from '../db/database';
import { SyncEngine, type EngineOptions } from './engine';

let engine: SyncEngine | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function startEngine(user: AuthUser, options: EngineOptions): SyncEngine {
  // The same person again (a profile update, a new sign-in): keep the running engine unless its mode changes.
  if (engine && engine.user._id === user._id && engine.realtime === (options.realtime !== false)) {
    engine.resumeAfterSignIn();
    return engine;
  }
  engine?.stop();
  engine = new SyncEngine(user, options);
  engine.start();
  emit();
  return engine;
}

export function stopEngine(): void {
  engine?.stop();
  engine = null;
  emit();
}

export function currentEngine(): SyncEngine | null {
  return engine;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useEngine(): SyncEngine | null {
  return useSyncExternalStore(subscribe, currentEngine, currentEngine);
}

/** The signed-in person's database; screens under the signed-in guard always have one. */
export function useDb(): HavenDb {
  const e = useEngine();
  if (!e) throw new Error('useDb outside a signed-in screen');
  return e.db;
}
