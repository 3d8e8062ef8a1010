/** The collection at rest: when it runs, and that it gives memory back on this Node.js. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet, fullCollection } from './idle-collection.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('collectWhenQuiet', () => {
  it('collects once, a quiet spell after the last request, and again only after new requests', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const quiet = collectWhenQuiet(collect, 5_000, () => Date.now());

    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled(); // no request yet: nothing to tidy

    quiet.activity();
    vi.advanceTimersByTime(3_000);
    quiet.activity(); // a request 3 s in moves the quiet spell on
    vi.advanceTimersByTime(4_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1); // still quiet: once is enough

    quiet.activity();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('collects nothing once stopped', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const quiet = collectWhenQuiet(collect, 5_000, () => Date.now());
    quiet.activity();
    quiet.stop();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });
});

describe('fullCollection', () => {
  it('frees the dead objects of the heap', () => {
    const collect = fullCollection();
    collect();
    const before = process.memoryUsage().heapUsed;
    // About 40 MB of objects that survive a young collection (still referenced), then become garbage.
    let garbage: unknown[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, text: `row ${i}`.repeat(4) }));
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(20 * 1024 * 1024);
    garbage.length = 0;
    garbage = null;
    collect();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * 1024 * 1024);
  });
});
