/**
 * A value only the browser knows (its address, a stored preference, the clock), read once the page is hydrated:
 * `serverValue` on the server and while React hydrates the server's HTML, so hydration finds the markup unchanged,
 * then `read()` in every later render and on pages rendered in the browser. Nothing to subscribe to: the value is read
 * again at each render.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

const yes = () => true;

/** Whether the page is hydrated: false on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useBrowserValue(yes, false);
}
