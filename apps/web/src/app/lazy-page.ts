/**
 * Route pages load lazily, so `/` downloads only what it shows (docs/product/screens-and-words.md#screens). While
 * a page's code is on its way the previous page stays, and the shell shows a thin progress bar.
 */
import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react';

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

/**
 * A page component whose code loads the first time it is shown, or earlier with `preload()`; `source` names its file
 * in src/app/routes/. Once the code is in, the
 * page renders at once, without suspending. Until then React keeps the server's HTML of the page as it is (the
 * router's Suspense boundary) and hydrates it once the code is in (docs/decisions/0030-server-rendering.md).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, source: string) {
  let module: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () => {
    if (!module) {
      count(1);
      module = load()
        .then((component) => {
          loaded = component;
          return { default: component };
        })
        .finally(() => count(-1));
    }
    return module;
  };
  const Lazy = lazy(start);
  function Page(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  // Settles once the code is in or has failed (the page then shows its error when it renders).
  return Object.assign(Page, { source, preload: () => start().then(() => undefined, () => undefined) });
}

/** True while some page's code is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => loading > 0, () => false);
}
