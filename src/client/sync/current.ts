/**
 * The engine of whoever is signed in on this tab (none when signed out). The engine module (Dexie,
 * socket.io, the sync code: about half the app's start-up weight) is imported only once someone
 * is signed in, so the sign-in screen never downloads it.
 */
import type { AuthUser } from '../../shared/api';
import type { HavenDb } from '../db/database';
import type { CatchUpState, EngineOptions, SyncEngine } from './engine';
import { createStore, useStore } from '../state/store';

const current = createStore<SyncEngine | null>(null);
/** Bumped by every start and stop: a start whose module arrives after a newer call is dropped. */
let generation = 0;

/**
 * Starts (or keeps) the person's engine. Resolves once it runs; signed-in screens wait for it in
 * the root route's beforeLoad, so `useDb` always has a database there.
 */
export async function startEngine(user: AuthUser, options: EngineOptions): Promise<SyncEngine | null> {
  // The same person again (a profile update, a new sign-in): keep the running engine unless its mode changes.
  const running = current.get();
  if (running && runsFor(user, options.realtime !== false)) {
    running.resumeAfterSignIn();
    return running;
  }
  const mine = ++generation;
  const { SyncEngine: Engine } = await import('./engine');
  if (mine !== generation) return current.get();
  current.get()?.stop();
  const engine = new Engine(user, options);
  engine.start();
  current.set(engine);
  return engine;
}

/** Whether the running engine is this person's, in this mode: starting it again is then instant. */
export function runsFor(user: AuthUser, realtime: boolean): boolean {
  const engine = current.get();
  return engine !== null && engine.user._id === user._id && engine.realtime === realtime;
}

export function stopEngine(): void {
  generation += 1;
  current.get()?.stop();
  current.set(null);
}

export const currentEngine = current.get;

export function useEngine(): SyncEngine | null {
  return useStore(current);
}

const noEngine = createStore<CatchUpState>('idle');

/** Where the engine's catch-up is (engine.ts); 'idle' when signed out. */
export function useCatchUp(): CatchUpState {
  return useStore(useEngine()?.catchUp ?? noEngine);
}

/** The signed-in person's database; screens under the signed-in guard always have one. */
export function useDb(): HavenDb {
  const e = useEngine();
  if (!e) throw new Error('useDb outside a signed-in screen');
  return e.db;
}
