/**
 * The one external-store shape every piece of shared client state uses: a value, `get`,
 * `subscribe` and `set`, in the form React's useSyncExternalStore reads. Listeners hear only real
 * changes (`equal`, Object.is by default), so a screen never re-renders for a value it already has.
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  readonly get: () => T;
  readonly subscribe: (listener: () => void) => () => void;
  /** Sets the value (or derives it from the current one); listeners run only when it changed. */
  readonly set: (next: T | ((current: T) => T)) => void;
}

export function createStore<T>(initial: T, equal: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set: (next) => {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (equal(value, resolved)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
  };
}

/** Resolves once `ready` holds, checked now and after each change of the store. */
export function waitFor<T>(store: Pick<Store<T>, 'get' | 'subscribe'>, ready: (value: T) => boolean): Promise<T> {
  if (ready(store.get())) return Promise.resolve(store.get());
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!ready(store.get())) return;
      stop();
      resolve(store.get());
    });
  });
}

/** A store's value in a component, re-rendering when it changes. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Listeners of an event that carries a value and keeps none (a refusal seen, a message arrived). */
export interface Signal<E> {
  readonly listen: (listener: (event: E) => void) => () => void;
  readonly emit: (event: E) => void;
}

export function createSignal<E = void>(): Signal<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    listen: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
  };
}
