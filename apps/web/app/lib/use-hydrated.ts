import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, true after. A control that
 * needs the page's scripts stays disabled until then, so a click is never silently lost
 * (ADR-0013).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
