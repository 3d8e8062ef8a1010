/**
 * Tells the server of each play of 10 seconds or more, once, when playback stops: a pause, the end, the next track
 * or leaving the page (docs/product/screens-and-words.md#player). Only time actually listened counts.
 */
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { MIN_COUNTED_PLAY_SECONDS } from '@beat/shared/plays';
import { reportPlay } from '../api/report-play';
import type { Track } from '../lib/player-reducer';

/** What is being listened to in this play. */
interface Listen {
  beatId: string;
  seconds: number;
  /** The position at the last timeupdate, to measure the step to the next. */
  last: number;
  reported: boolean;
}

/** timeupdate fires about every 250 ms; a bigger jump is a seek, not listening. */
const MAX_LISTEN_STEP = 1.5;

export function usePlayReports(audioRef: RefObject<HTMLAudioElement | null>, track: Track | null, userId: string | undefined) {
  const listenRef = useRef<Listen | null>(null);

  const flush = useEffectEvent((keepalive: boolean) => {
    const listen = listenRef.current;
    if (!listen || listen.reported || listen.seconds < MIN_COUNTED_PLAY_SECONDS) return;
    listen.reported = true;
    reportPlay({ userId, beatId: listen.beatId, playbackTime: Math.round(listen.seconds) }, { keepalive }).catch(() => {
      // Play counts are statistics: a lost report must never interrupt the listener.
    });
  });

  // Each start of a track is a play of its own; the one it replaces is reported first.
  useEffect(() => {
    if (!track) return;
    listenRef.current = { beatId: track.beat._id, seconds: 0, last: 0, reported: false };
    return () => flush(false);
  }, [track]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTimeUpdate = () => {
      const listen = listenRef.current;
      if (!listen) return;
      const step = audio.currentTime - listen.last;
      if (!audio.paused && step > 0 && step < MAX_LISTEN_STEP) listen.seconds += step;
      listen.last = audio.currentTime;
    };
    const onSeek = () => {
      if (listenRef.current) listenRef.current.last = audio.currentTime;
    };
    const onStop = () => flush(false);
    // Leaving the page stops playback: report what was heard, with a request that outlives the page.
    const onPageHide = () => flush(true);

    const listeners: [string, () => void][] = [
      ['timeupdate', onTimeUpdate],
      ['seeking', onSeek],
      ['seeked', onSeek],
      ['pause', onStop],
      ['ended', onStop],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [audioRef]);
}
