/**
 * The app's one audio player. A single <audio> element lives here, above the router, so playback
 * survives page changes. It must not use router hooks (it sits outside the RouterProvider).
 *
 * The player's state is one reducer (lib/player-reducer.ts); the hooks around it carry that state to the audio element,
 * the Media Session and the play reports. Two contexts: controls/track state (changes on play, pause and track
 * change) and time (changes four times a second). Long beat lists read only the first, so they do not re-render
 * while a track plays.
 */
import { createContext, useContext, useMemo, useReducer, useRef, type Dispatch, type ReactNode } from 'react';
import type { Beat } from '@beat/shared';
import { useAuth } from '../auth';
import { useAudioElement } from './hooks/use-audio-element';
import { useMediaSession } from './hooks/use-media-session';
import { usePlayReports } from './hooks/use-play-reports';
import { savedVolume, useSavedVolume } from './hooks/use-saved-volume';
import { initialPlayerState, playerReducer, type PlayerAction } from './lib/player-reducer';

export interface PlayOptions {
  /** The beat is played from a purchased section: the player then hides its favourite toggle (docs/product/screens-and-words.md#player). */
  purchased?: boolean;
}

/** What the controls do; the same functions for the whole life of the player. */
interface PlayerCommands {
  /**
   * Play `beat` with `queue` as the list next/previous walk (defaults to just that beat). The current beat resumes
   * instead of restarting. Beats without a preview yet are left out of the queue, and asking to play one does nothing.
   */
  play: (beat: Beat, queue?: readonly Beat[], options?: PlayOptions) => void;
  toggle: () => void;
  resume: () => void;
  pause: () => void;
  next: () => void;
  previous: () => void;
  toggleShuffle: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
}

export interface PlayerControls extends PlayerCommands {
  current: Beat | null;
  isPlaying: boolean;
  /** Waiting for audio data (after a track change or a seek into unbuffered audio). */
  isBuffering: boolean;
  shuffle: boolean;
  /** Whether the current track was started from a purchased section. */
  purchased: boolean;
  volume: number;
  muted: boolean;
}

export interface PlayerTime {
  currentTime: number;
  duration: number;
}

const ControlsContext = createContext<PlayerControls | null>(null);
const TimeContext = createContext<PlayerTime | null>(null);

function playerCommands(dispatch: Dispatch<PlayerAction>): PlayerCommands {
  return {
    play: (beat, queue, options) => dispatch({ type: 'play', beat, queue, purchased: options?.purchased }),
    toggle: () => dispatch({ type: 'toggle' }),
    resume: () => dispatch({ type: 'resume' }),
    pause: () => dispatch({ type: 'pause' }),
    next: () => dispatch({ type: 'next', draw: Math.random() }),
    previous: () => dispatch({ type: 'previous' }),
    toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
    seek: (time) => dispatch({ type: 'seek', time }),
    setVolume: (volume) => dispatch({ type: 'setVolume', volume }),
    toggleMute: () => dispatch({ type: 'toggleMute' }),
  };
}

export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, dispatch] = useReducer(playerReducer, null, () => initialPlayerState(savedVolume()));
  const commands = useMemo(() => playerCommands(dispatch), []);

  // Reports first: the play a new track replaces is measured before the element loads the new one.
  usePlayReports(audioRef, state.track, user?._id);
  useAudioElement(audioRef, state, dispatch);
  useSavedVolume(state.volume);

  const current = state.track?.beat ?? null;
  const { playing, buffering, shuffle, purchased, volume, muted, currentTime, duration } = state;
  useMediaSession(current, playing, commands);

  const controls = useMemo<PlayerControls>(
    () => ({ ...commands, current, isPlaying: playing, isBuffering: buffering, shuffle, purchased, volume, muted }),
    [commands, current, playing, buffering, shuffle, purchased, volume, muted],
  );
  const time = useMemo<PlayerTime>(() => ({ currentTime, duration }), [currentTime, duration]);

  return (
    <ControlsContext.Provider value={controls}>
      <TimeContext.Provider value={time}>
        {children}
        {/* The one audio element of the app; the PlayerBar is its visible face. */}
        <audio ref={audioRef} preload="metadata" hidden />
      </TimeContext.Provider>
    </ControlsContext.Provider>
  );
}

/** Track state and controls, without the time (re-renders only on play/pause/track changes). */
export function usePlayerControls(): PlayerControls {
  const value = useContext(ControlsContext);
  if (!value) throw new Error('usePlayerControls must be used inside <PlayerProvider>');
  return value;
}

/** Current position and length of the playing track (re-renders about four times a second while playing). */
export function usePlayerTime(): PlayerTime {
  const value = useContext(TimeContext);
  if (!value) throw new Error('usePlayerTime must be used inside <PlayerProvider>');
  return value;
}

/** Whether this beat is the current track and is playing — for row play buttons and equalizers. */
export function useBeatPlayback(beatId: string): { isCurrent: boolean; isPlaying: boolean } {
  const { current, isPlaying } = usePlayerControls();
  const isCurrent = current?._id === beatId;
  return { isCurrent, isPlaying: isCurrent && isPlaying };
}
