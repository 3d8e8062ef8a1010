/**
 * An exclusive card's end (docs/product/offers-and-prices.md#countdown): from half a second before its end by the
 * server's clock Buy and Add to Cart are closed (busy); once the end has passed the card asks the server, again and again with a
 * growing wait (0.5, 1, 2, 4, 8 s…), until the server confirms the beat has turned over; then the catalog is refetched
 * and the card leaves NEW EXCLUSIVES.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Beat } from '@beat/shared';
import { ApiError } from '../../../lib/api-client';
import { invalidateCatalog } from '../../../lib/live-catalog';
import { onServerClockChange, serverNowAtLeast, serverNowAtMost } from '../../../lib/server-clock';
import { changeBeatType } from '../api/change-beat-type';
import { msLeft } from './use-countdown';

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 8_000;
/** Timers are re-armed at least this often, so a device that slept still ends on time. */
const LONGEST_TIMER_MS = 60_000;

/** The offer closes this long before the latest the end can be by the server's clock: a late timer never leaves Buy usable after it. */
const CLOSE_EARLY_MS = 500;

/** Watches `end` by the server's clock, read by `now`; calls `reached` once `now()` passes `end - earlyMs`. */
function useTimeReached(end: string | null, now: () => number, earlyMs: number): boolean {
  const passed = (at: string) => msLeft(at, now() + earlyMs) === 0;
  // The end time seen passed (kept once seen: only the server's response moves the card on).
  const [reachedFor, setReachedFor] = useState(() => (end !== null && passed(end) ? end : null));
  useEffect(() => {
    if (end === null) return;
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      const left = msLeft(end, now() + earlyMs);
      if (left === 0) setReachedFor(end);
      else timer = window.setTimeout(check, Math.min(left + 5, LONGEST_TIMER_MS));
    };
    timer = window.setTimeout(check, Math.min(msLeft(end, now() + earlyMs), LONGEST_TIMER_MS));
    const stop = onServerClockChange(check);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
    // `now` is one of two module functions; `earlyMs` a constant per call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end]);
  return end !== null && reachedFor === end;
}

export interface ExclusiveEnd {
  /** Buy and Add to Cart are closed: from just before the end until the card leaves. */
  closed: boolean;
  /** The end has passed by the server's clock: the card asks the server until it confirms. */
  ended: boolean;
}

export function useExclusiveEnd(beat: Pick<Beat, '_id' | 'beatType' | 'countdownEndTime'>): ExclusiveEnd {
  const end = beat.beatType === 'Exclusive' ? beat.countdownEndTime : null;
  const closed = useTimeReached(end, serverNowAtMost, CLOSE_EARLY_MS);
  const ended = useTimeReached(end, serverNowAtLeast, 0);
  const queryClient = useQueryClient();

  // Ask until the server confirms; the response is the server's, whatever this page's clock says.
  useEffect(() => {
    if (!ended) return;
    let stopped = false;
    let timer: number | undefined;
    let wait = FIRST_WAIT_MS;
    const ask = async () => {
      let confirmed = false;
      try {
        const answer = await changeBeatType(beat._id);
        confirmed = answer.changed || answer.beat.beatType !== 'Exclusive';
      } catch (error) {
        // A beat taken out of the store is over too.
        confirmed = error instanceof ApiError && error.status === 404;
      }
      if (stopped) return;
      if (confirmed) return void invalidateCatalog(queryClient);
      timer = window.setTimeout(() => void ask(), wait);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [ended, beat._id, queryClient]);

  return { closed: closed || ended, ended };
}
