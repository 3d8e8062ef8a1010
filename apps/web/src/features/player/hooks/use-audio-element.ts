/** Keeps the app's one <audio> element in step with the player's state, and turns what the element does into actions. */
import { useEffect, type Dispatch, type RefObject } from 'react';
import { toast } from '../../../lib/toast';
import type { PlayerAction, PlayerState } from '../lib/player-reducer';

const PLAY_FAILED = 'This preview could not be played. Please try again.';

type Synced = Pick<PlayerState, 'track' | 'playing' | 'seek' | 'volume' | 'muted'>;

export function useAudioElement(audioRef: RefObject<HTMLAudioElement | null>, state: Synced, dispatch: Dispatch<PlayerAction>) {
  const { track, playing, seek, volume, muted } = state;

  // The effects run in this order: a track that starts is loaded, then moved to where the listener asked, then played.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio && track) audio.src = track.beat.streamingMp3FileLink;
  }, [audioRef, track]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio && seek) audio.currentTime = seek.time;
  }, [audioRef, seek]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (!playing) {
      if (!audio.paused) audio.pause();
      return;
    }
    if (!audio.paused) return;
    audio.play().catch((error: unknown) => {
      // AbortError: a newer track or a pause replaced this start before it began — expected when skipping quickly.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      dispatch({ type: 'failed' });
      if (error instanceof DOMException && error.name === 'NotAllowedError') return;
      toast.error(PLAY_FAILED);
    });
  }, [audioRef, dispatch, track, playing]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [audioRef, volume, muted]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // The element's own word on whether it plays: it stops by itself at the end, on an error, or when the system asks.
    const onPlayOrPause = () => dispatch({ type: 'playingChanged', playing: !audio.paused });
    const onEnded = () => dispatch({ type: 'ended', draw: Math.random() });
    const onTimeUpdate = () => dispatch({ type: 'timeChanged', time: audio.currentTime });
    const onDuration = () => dispatch({ type: 'durationChanged', duration: audio.duration });
    const onWaiting = () => dispatch({ type: 'bufferingChanged', buffering: true });
    const onReady = () => dispatch({ type: 'bufferingChanged', buffering: false });
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      dispatch({ type: 'failed' });
      toast.error(PLAY_FAILED);
    };
    const listeners: [string, () => void][] = [
      ['play', onPlayOrPause],
      ['pause', onPlayOrPause],
      ['ended', onEnded],
      ['timeupdate', onTimeUpdate],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['waiting', onWaiting],
      ['playing', onReady],
      ['canplay', onReady],
      ['error', onError],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
    };
  }, [audioRef, dispatch]);
}
