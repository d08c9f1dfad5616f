import { useSyncExternalStore } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';

export type Store<T> = {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The state every server render sees, so the first client render hydrates without a mismatch. */
  readonly initial: T;
};

/** A minimal external store for client-only state that React reads with useSyncExternalStore. */
export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (current: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial);
}

/**
 * What a component shows of a store. It renders again only when `isEqual` says the selection changed, so
 * a store set to what is already shown (the page's own data, once the page has started in the browser)
 * does not render the component and its children again.
 */
export function useStoreSelection<T, S>(
  store: Store<T>,
  select: (state: T) => S,
  isEqual: (a: S, b: S) => boolean,
): S {
  return useSyncExternalStoreWithSelector(store.subscribe, store.get, () => store.initial, select, isEqual);
}

/** Whether two flat records hold the same values under the same keys. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
