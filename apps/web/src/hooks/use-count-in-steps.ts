import { useEffect, useState } from 'react';

/**
 * A count that grows by `step` a task until it reaches `total`, then turns null (everything, and whatever is added
 * later, at once): for a list drawn part by part, so that no single task holds the page
 * (docs/decisions/0019-first-screen.md#rows-in-steps). It starts at `first` (null: no steps at all) and grows only
 * while `ready`. Each step is its own task, a message to this page, which a background tab does not slow down as it
 * does timers; the next step waits for the last one's render to be painted (an effect).
 */
export function useCountInSteps(first: number | null, step: number, total: number, ready: boolean): number | null {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count === null || !ready) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => setCount(count >= total ? null : count + step);
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [count, ready, total, step]);
  return count;
}
