import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that render, true on every render
 * after. What only the browser knows (the clock, the history entry's state, a chart's measured box) is
 * shown once this is true, so the server's HTML and the first render in the browser never differ (a
 * difference is React's hydration error #418). A component mounted after hydration gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
