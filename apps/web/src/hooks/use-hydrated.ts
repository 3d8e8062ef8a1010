/**
 * Whether the app has taken over the page. False in the build's drawing of a first screen and while React hydrates
 * that drawing (React then renders with the server snapshot below), true in every later render and on pages the app
 * draws itself (docs/decisions/0019-first-screen.md). What only the browser knows (a stored session) waits for it, so
 * that hydration finds the drawn markup unchanged.
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
