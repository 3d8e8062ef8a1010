/** Time left until `endIso`, ticking every second (docs/product/screens-and-words.md#limits); all zeros once past. */
import { useEffect, useState } from 'react';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True when the end time has passed (or is unreadable). */
  done: boolean;
}

export function timeLeft(endIso: string, now: number): TimeLeft {
  const end = new Date(endIso).getTime();
  const total = Number.isNaN(end) ? 0 : Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

export function useCountdown(endIso: string, onEnd?: () => void): TimeLeft {
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(endIso, now);

  useEffect(() => {
    if (left.done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left.done]);

  // Fire once, when the countdown reaches zero while it is on screen (not for beats already past on load).
  const [startedDone] = useState(left.done);
  useEffect(() => {
    if (left.done && !startedDone) onEnd?.();
    // onEnd is a fresh function on each render; only the transition matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left.done, startedDone]);

  return left;
}
