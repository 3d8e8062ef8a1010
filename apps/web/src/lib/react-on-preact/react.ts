/**
 * `react` in the browser build and the build's drawing (vite.config.ts): Preact's React layer, with what the app uses
 * of React 19 on top (docs/decisions/0019-first-screen.md#react-on-preact). Types stay React's: this module is only
 * reached through the build's alias.
 */
import * as compat from 'preact/compat';
import { options, type VNode } from 'preact';

export const {
  Children,
  Component,
  Fragment,
  PureComponent,
  StrictMode,
  Suspense,
  SuspenseList,
  cloneElement,
  createContext,
  createElement,
  createFactory,
  createPortal,
  createRef,
  findDOMNode,
  flushSync,
  forwardRef,
  hydrate,
  isFragment,
  isMemo,
  isValidElement,
  lazy,
  memo,
  render,
  startTransition,
  unmountComponentAtNode,
  unstable_batchedUpdates,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useTransition,
  version,
} = compat;

const isServer = typeof window === 'undefined';
let hydrating = false;

/** While the browser takes a drawn first screen over (client.ts): stores answer with their server snapshot. */
export function setHydrating(value: boolean) {
  hydrating = value;
}

/** True while a drawing (or one of its islands: island.ts) is being taken over. */
export function isHydrating(): boolean {
  return hydrating;
}

let islandsPending: Promise<void> | null = null;

/**
 * A takeover in steps (island.ts): until `done` settles, what was rendered with the server snapshot keeps it, so that
 * every island is taken over with the values the drawing was made with.
 */
export function holdServerSnapshotsUntil(done: Promise<void>) {
  islandsPending = done;
  void done.then(() => {
    if (islandsPending === done) islandsPending = null;
  });
}

/**
 * React's `useSyncExternalStore` with its third argument honoured: the build's drawing and the takeover of a drawing
 * render the server snapshot, so the takeover finds the drawn markup unchanged; the browser's value follows right
 * after (hooks/use-hydrated.ts), or once the last island is in when the takeover goes in steps.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [takenOver, setTakenOver] = compat.useState(() => !getServerSnapshot || !(isServer || hydrating));
  compat.useLayoutEffect(() => {
    if (takenOver) return;
    if (!islandsPending) {
      setTakenOver(true);
      return;
    }
    let mounted = true;
    void islandsPending.then(() => {
      if (mounted) setTakenOver(true);
    });
    return () => {
      mounted = false;
    };
  }, [takenOver]);
  return compat.useSyncExternalStore(subscribe, takenOver || !getServerSnapshot ? getSnapshot : getServerSnapshot);
}

interface Tracked {
  status: 'pending' | 'fulfilled' | 'rejected';
  value?: unknown;
}
const tracked = new WeakMap<PromiseLike<unknown>, Tracked>();

/** React's `use`: a context's value, or a cached promise's result (suspending until it settles). */
export function use<T>(usable: PromiseLike<T> | compat.Context<T>): T {
  if (usable && typeof (usable as PromiseLike<T>).then === 'function') {
    const promise = usable as PromiseLike<T>;
    let state = tracked.get(promise);
    if (!state) {
      const fresh: Tracked = { status: 'pending' };
      state = fresh;
      tracked.set(promise, fresh);
      promise.then(
        (value) => Object.assign(fresh, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(fresh, { status: 'rejected', value: reason }),
      );
    }
    if (state.status === 'fulfilled') return state.value as T;
    if (state.status === 'rejected') throw state.value;
    throw promise;
  }
  return compat.useContext(usable as compat.Context<T>);
}

/** React's `useEffectEvent`: a stable function that calls the latest render's callback. */
export function useEffectEvent<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = compat.useRef(callback);
  compat.useLayoutEffect(() => {
    latest.current = callback;
  });
  return compat.useCallback((...args: A) => latest.current(...args), []);
}

/**
 * React 19 puts a `<title>` rendered anywhere into the document's head. Here the element stays where it is rendered,
 * hidden and empty (the build's drawing empties it too: prerender-first-screens.mjs), so that the page's text is never
 * found twice, once in the heading and once in a title in the body; while it is shown its text is the document's title
 * (the latest shown wins; with none, the page's own from the HTML). An SVG's `<title>` (a chart's) gets its text back:
 * it is the chart's accessible name.
 */
const shownTitles: { text: string }[] = [];
let pageTitle: string | undefined;
let drawingTitle = false;

function showTitle() {
  pageTitle ??= document.title;
  document.title = shownTitles.at(-1)?.text ?? pageTitle;
}

function DocumentTitle({ children, ...props }: { children?: unknown }) {
  const text = ([] as unknown[]).concat(children ?? '').join('');
  const ref = compat.useRef<Element>(null);
  compat.useLayoutEffect(() => {
    const element = ref.current;
    if (!(element instanceof HTMLTitleElement)) {
      if (element) element.textContent = text;
      return;
    }
    const entry = { text };
    shownTitles.push(entry);
    showTitle();
    return () => {
      shownTitles.splice(shownTitles.indexOf(entry), 1);
      showTitle();
    };
  }, [text]);
  drawingTitle = true;
  try {
    return compat.createElement('title', { ...props, ref });
  } finally {
    drawingTitle = false;
  }
}

const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'title' && !drawingTitle && !isServer) (vnode as { type: unknown }).type = DocumentTitle;
  // React writes `spellCheck={false}` as spellcheck="false"; Preact would drop the attribute (and so check the spelling).
  const props = vnode.props as { spellCheck?: unknown } | null;
  if (typeof vnode.type === 'string' && props?.spellCheck === false) props.spellCheck = 'false';
  previousVnode?.(vnode);
};

export default { ...compat, useSyncExternalStore, use, useEffectEvent };
