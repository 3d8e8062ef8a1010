/**
 * Route pages load lazily, so `/` downloads only what it shows (docs/product/screens-and-words.md#screens). While
 * a page's code is on its way the previous page stays, and the shell shows a thin progress bar.
 */
import { lazy, useSyncExternalStore, type ComponentType } from 'react';

let loading = 0;
const listeners = new Set<() => void>();

// Counted a tick later: React asks for a page's code while it renders, when the shell must not change yet.
function count(delta: number) {
  queueMicrotask(() => {
    loading += delta;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page component whose code loads the first time it is shown, or earlier with `preload()`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let module: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    if (!module) {
      count(1);
      module = load()
        .then((component) => ({ default: component }))
        .finally(() => count(-1));
    }
    return module;
  };
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}

/** True while some page's code is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => loading > 0);
}
