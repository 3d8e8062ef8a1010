/**
 * The takeover of a drawn first screen in steps (docs/decisions/0019-first-screen.md#islands). An `Island` met while
 * the app hydrates the drawing keeps its drawn element as it is and is taken over later, in a task of its own: the
 * islands one after the other, in the page's order, each a message to the page after the last. A tap, a key or a
 * focus before they are all in takes the rest over at once, before the browser dispatches what follows it (the click
 * after a press, the key's input), so nothing a visitor does is lost. Until the last island is in, what only the
 * browser knows keeps the value the drawing was made with (react.ts), so every island is taken over exactly as drawn.
 * Rendered any other time (the build's drawing, a page the app draws itself) an island is its children.
 *
 * An island's children render exactly one element, always: Preact keeps one DOM node for a part it takes over later.
 */
import { createElement, Suspense, useState, type ReactNode } from 'react';
import { holdServerSnapshotsUntil, isHydrating, setHydrating } from './react';

interface Waiting {
  released: boolean;
  promise: Promise<void>;
  release: () => void;
}

const queue: Waiting[] = [];
let stepQueued = false;
let settle: (() => void) | undefined;
const allTakenOver = new Promise<void>((resolve) => {
  settle = resolve;
});

// Not in the build's drawing (Node): an open channel would keep its process alive.
const channel = typeof document === 'undefined' ? null : new MessageChannel();
if (channel) channel.port1.onmessage = step;

function queueStep() {
  if (stepQueued || !channel) return;
  stepQueued = true;
  channel.port2.postMessage(null);
}

/** One island per task: it is hydrated in this task's microtasks, with the server snapshots of a takeover (react.ts). */
function step() {
  stepQueued = false;
  const next = queue.shift();
  if (!next) {
    setHydrating(false);
    settle?.();
    settle = undefined;
    return;
  }
  setHydrating(true);
  next.release();
  queueStep();
}

function waitForTurn(): Waiting {
  if (settle && !queue.length) holdServerSnapshotsUntil(allTakenOver);
  let resolve = () => {};
  const waiting: Waiting = {
    released: false,
    promise: new Promise<void>((done) => {
      resolve = done;
    }),
    release: () => {
      waiting.released = true;
      resolve();
    },
  };
  queue.push(waiting);
  queueStep();
  return waiting;
}

/** Someone acts before every island is in: the rest is taken over now, in this event's microtasks. */
function takeOverTheRest() {
  if (!queue.length) return;
  setHydrating(true);
  for (const waiting of queue.splice(0)) waiting.release();
  queueStep();
}

if (channel) {
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    document.addEventListener(type, takeOverTheRest, { capture: true });
  }
}

function IslandGate({ children }: { children: ReactNode }) {
  const [waiting] = useState(() => (isHydrating() ? waitForTurn() : null));
  if (waiting && !waiting.released) throw waiting.promise;
  return children;
}

/**
 * Its children (one element) are taken over in a task of their own when the app takes a drawing over. Their `useId`s
 * are counted apart from the rest of the page, under the island's `name` (unique in the page): Preact counts ids in
 * render order, and an island taken over later would otherwise get other ids than the drawing has.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  const [ids] = useState<[string, number]>(() => [name, 0]);
  const boundary = createElement(Suspense, { fallback: null }, createElement(IslandGate, null, children));
  // Preact's own count of ids under a vnode (`_mask`, mangled `__m`): preact/hooks and preact-render-to-string read it.
  (boundary as unknown as { __m: [string, number] }).__m = ids;
  return boundary;
}

/** Settles once every island of the takeover is in (in the next task when there were none): call after `hydrateRoot`. */
export function whenTakenOver(): Promise<void> {
  queueStep();
  return allTakenOver;
}

/** Settles in a task of its own: the page's code is evaluated in one task and taken over in the next. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const once = new MessageChannel();
    once.port1.onmessage = () => {
      once.port1.close();
      resolve();
    };
    once.port2.postMessage(null);
  });
}
