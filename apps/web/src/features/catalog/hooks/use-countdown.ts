/**
 * Time left until `endIso` by the server's clock (docs/product/offers-and-prices.md#countdown), ticking as each second
 * passes. Seconds are rounded up: the clock reads 00:00:00:00 only once the end has passed by the server's time, never
 * a second early.
 */
import { useEffect, useState } from 'react';
import { useHydrated } from '../../../hooks/use-browser-value';
import { onServerClockChange, serverNowAtLeast, usePageTime } from '../../../lib/server-clock';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True when the end time has passed by the server's clock (or is unreadable). */
  done: boolean;
}

/** Milliseconds left until `endIso` at server time `now` (0 once past or unreadable). */
export function msLeft(endIso: string, now: number): number {
  const end = new Date(endIso).getTime();
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

export function timeLeft(endIso: string, now: number): TimeLeft {
  const total = Math.ceil(msLeft(endIso, now) / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

/** Milliseconds until the shown value next changes: when the time left crosses the next whole second. */
export function untilNextTick(left: number): number {
  if (left <= 0) return 0;
  const intoSecond = left % 1000;
  return (intoSecond === 0 ? 1000 : intoSecond) + 5;
}

/** Re-renders at each change of the shown second, and when the measured server clock moves. */
export function useCountdown(endIso: string, onEnd?: () => void): TimeLeft {
  // A server-rendered countdown shows the time the page was rendered at, on the server and while it hydrates; then
  // the clock's.
  const pageTime = usePageTime();
  const hydrated = useHydrated();
  const [clock, setNow] = useState(() => serverNowAtLeast());
  const now = !hydrated && pageTime !== null ? pageTime : clock;
  const left = timeLeft(endIso, now);

  useEffect(() => {
    if (left.done) return;
    const timer = window.setTimeout(() => setNow(serverNowAtLeast()), untilNextTick(msLeft(endIso, now)));
    return () => window.clearTimeout(timer);
  }, [endIso, now, left.done]);

  useEffect(() => onServerClockChange(() => setNow(serverNowAtLeast())), []);

  // Fire once, when the countdown reaches zero while it is on screen (not for beats already past on load).
  const [startedDone] = useState(left.done);
  useEffect(() => {
    if (left.done && !startedDone) onEnd?.();
    // onEnd is a fresh function on each render; only the transition matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left.done, startedDone]);

  return left;
}
