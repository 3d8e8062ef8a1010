/**
 * Whether the page is hydrated: false on the server and while React hydrates the server's HTML (React then renders
 * with the server snapshot below), true in every later render and on pages rendered in the browser. What only the
 * browser knows waits for it, so that hydration finds the server's markup unchanged.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
