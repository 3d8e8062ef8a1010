/** The lock screen's and media keys' controls, and what they show, where the browser offers them. */
import { useEffect } from 'react';
import type { Beat } from '@beat/shared';

export interface MediaSessionControls {
  resume: () => void;
  pause: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
}

export function useMediaSession(current: Beat | null, playing: boolean, controls: MediaSessionControls) {
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => controls.resume()],
      ['pause', () => controls.pause()],
      ['nexttrack', () => controls.next()],
      ['previoustrack', () => controls.previous()],
      ['seekto', (details) => details.seekTime !== undefined && controls.seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Same as above.
        }
      }
    };
  }, [controls]);

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({ title: current.beatTitle, artist: current.artistName, album: 'Beat Market' })
      : null;
  }, [current]);

  useEffect(() => {
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = current ? (playing ? 'playing' : 'paused') : 'none';
  }, [current, playing]);
}
