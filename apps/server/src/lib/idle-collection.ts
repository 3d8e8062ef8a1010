/**
 * A full garbage collection once the server goes quiet, so that a store at rest holds only what it uses
 * (docs/decisions/0018-embedded-database-memory.md#collection-at-rest).
 *
 * V8 collects its old generation when it nears a limit that grows with the heap, and shrinks the heap only in a
 * collection meant to reduce memory, which Node.js never asks for. After a burst of requests the server kept tens of
 * megabytes of dead objects, and the pages they were on, for as long as no new request came: its resident size at rest
 * depended on when V8 last collected. This collects everything once the server has had no request for a while, and
 * gives the freed pages back.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** A full, memory-reducing collection of this process's heap. */
export type Collect = () => void;

/** V8's `gc` function: one that `--expose-gc` would give, made for a fresh context without the flag at start-up. */
function exposedGc(): (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
}

/**
 * The collection that gives memory back. From V8 12 (Node.js 22) that is the "last resort" collection, which also
 * shrinks the young generation and hands freed pages to the system; a plain full collection there keeps them for
 * reuse. V8 11 (Node.js 20) knows no options and does a full collection when called without.
 */
export function fullCollection(v8Version = process.versions.v8): Collect {
  const gc = exposedGc();
  const major = Number(v8Version.split('.')[0]);
  return major >= 12 ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : () => gc();
}

export interface IdleCollection {
  /** A request came: the quiet starts again from now. */
  activity(): void;
  stop(): void;
}

/**
 * Runs `collect` once `quietMs` have passed without activity, and again only after new activity has come and gone.
 * The timer does not keep the process alive, and a request costs one clock read.
 */
export function collectWhenQuiet(collect: Collect, quietMs: number, now: () => number = () => performance.now()): IdleCollection {
  let lastActivity = now();
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const quiet = now() - lastActivity;
    if (quiet < quietMs) {
      timer = setTimeout(check, quietMs - quiet).unref();
      return;
    }
    timer = undefined;
    collect();
  };
  return {
    activity() {
      lastActivity = now();
      timer ??= setTimeout(check, quietMs).unref();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
