/**
 * The app's one audio player. A single <audio> element lives here, above the router, so playback
 * survives page changes. It must not use router hooks (it sits outside the RouterProvider).
 *
 * Two contexts: controls/track state (changes on play, pause and track change) and time
 * (changes four times a second). Long beat lists read only the first, so they do not re-render
 * while a track plays.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { Beat } from '@beat/shared';
import { MIN_COUNTED_PLAY_SECONDS } from '@beat/shared/plays';
import { useAuth } from '../auth';
import { reportPlay } from './api/report-play';
import { canPlay } from './lib/playable';
import { nextInOrder, pickShuffled, previousInOrder } from './lib/queue';

export interface PlayOptions {
  /** The beat is played from a purchased section: the player then hides its favourite toggle (docs/product/screens-and-words.md#player). */
  purchased?: boolean;
}

export interface PlayerControls {
  current: Beat | null;
  queue: Beat[];
  isPlaying: boolean;
  /** Waiting for audio data (after a track change or a seek into unbuffered audio). */
  isBuffering: boolean;
  shuffle: boolean;
  /** Whether the current track was started from a purchased section. */
  purchased: boolean;
  volume: number;
  muted: boolean;
  /**
   * Play `beat` with `queue` as the list next/previous walk (defaults to just that beat). The current beat resumes
   * instead of restarting. Beats without a preview yet are left out of the queue, and asking to play one does nothing.
   */
  play: (beat: Beat, queue?: readonly Beat[], options?: PlayOptions) => void;
  toggle: () => void;
  next: () => void;
  previous: () => void;
  toggleShuffle: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
}

export interface PlayerTime {
  currentTime: number;
  duration: number;
}

export type PlayerValue = PlayerControls & PlayerTime;

const ControlsContext = createContext<PlayerControls | null>(null);
const TimeContext = createContext<PlayerTime | null>(null);

/** What is being listened to right now, for the play report (reported after 10 s of listening: docs/product/screens-and-words.md#player). */
interface Listen {
  beatId: string;
  seconds: number;
  last: number;
  reported: boolean;
}

interface Mirror {
  current: Beat | null;
  queue: readonly Beat[];
  shuffle: boolean;
  /** Tracks played in this shuffle round. */
  played: Set<string>;
  /** Ids in the order they were played, so Previous retraces a shuffled session. */
  history: string[];
}

const VOLUME_KEY = 'playerVolume';
const HISTORY_LIMIT = 200;
/** timeupdate fires about every 250 ms; a bigger jump is a seek, not listening. */
const MAX_LISTEN_STEP = 1.5;

function storedVolume(): number {
  try {
    const value = Number(localStorage.getItem(VOLUME_KEY));
    return localStorage.getItem(VOLUME_KEY) !== null && value >= 0 && value <= 1 ? value : 0.9;
  } catch {
    return 0.9;
  }
}

function sameIds(a: readonly Beat[], b: readonly Beat[]): boolean {
  return a.length === b.length && a.every((beat, i) => beat._id === b[i]?._id);
}

export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const audioRef = useRef<HTMLAudioElement>(null);
  const mirror = useRef<Mirror>({ current: null, queue: [], shuffle: false, played: new Set(), history: [] });
  const listenRef = useRef<Listen | null>(null);
  const userIdRef = useRef<string | undefined>(undefined);
  const nextRef = useRef<() => void>(() => {});

  const [current, setCurrent] = useState<Beat | null>(null);
  const [queue, setQueue] = useState<Beat[]>([]);
  const [isPlaying, setIsPlaying] = useState(false);
  const [isBuffering, setIsBuffering] = useState(false);
  const [shuffle, setShuffle] = useState(false);
  const [purchased, setPurchased] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolumeState] = useState(storedVolume);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    userIdRef.current = user?._id;
  }, [user?._id]);

  /** Sends the play report once per play, when playback stops after enough listening. */
  const flushListen = useCallback((keepalive = false) => {
    const listen = listenRef.current;
    if (!listen || listen.reported || listen.seconds < MIN_COUNTED_PLAY_SECONDS) return;
    listen.reported = true;
    reportPlay(
      { userId: userIdRef.current, beatId: listen.beatId, playbackTime: Math.round(listen.seconds) },
      { keepalive },
    ).catch(() => {
      // Play counts are statistics: a lost report must never interrupt the listener.
    });
  }, []);

  const startPlayback = useCallback((audio: HTMLAudioElement) => {
    audio.play().catch((error: unknown) => {
      // AbortError: a newer track replaced this one before it started — expected when skipping quickly.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setIsPlaying(false);
      setIsBuffering(false);
      if (error instanceof DOMException && error.name === 'NotAllowedError') return;
      toast.error('This preview could not be played. Please try again.');
    });
  }, []);

  const load = useCallback(
    (beat: Beat, fromHistory = false) => {
      const audio = audioRef.current;
      if (!audio || !canPlay(beat)) return;
      flushListen();
      listenRef.current = { beatId: beat._id, seconds: 0, last: 0, reported: false };
      const m = mirror.current;
      m.current = beat;
      m.played.add(beat._id);
      if (!fromHistory) {
        m.history.push(beat._id);
        if (m.history.length > HISTORY_LIMIT) m.history.splice(0, m.history.length - HISTORY_LIMIT);
      }
      setCurrent(beat);
      setCurrentTime(0);
      setDuration(beat.durationSeconds ?? 0);
      setIsBuffering(true);
      audio.src = beat.streamingMp3FileLink;
      startPlayback(audio);
    },
    [flushListen, startPlayback],
  );

  const play = useCallback(
    (beat: Beat, list?: readonly Beat[], options?: PlayOptions) => {
      const audio = audioRef.current;
      if (!audio || !canPlay(beat)) return;
      const m = mirror.current;
      const playable = list?.filter(canPlay) ?? [];
      let nextQueue: readonly Beat[] = playable.length > 0 ? playable : [beat];
      if (!nextQueue.some((item) => item._id === beat._id)) nextQueue = [beat, ...nextQueue];
      if (!sameIds(m.queue, nextQueue)) {
        m.played = new Set();
        m.history = m.current ? [m.current._id] : [];
      }
      m.queue = nextQueue;
      setQueue([...nextQueue]);
      setPurchased(options?.purchased ?? false);
      if (m.current?._id === beat._id) {
        if (audio.paused) startPlayback(audio);
        return;
      }
      load(beat);
    },
    [load, startPlayback],
  );

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !mirror.current.current) return;
    if (audio.paused) startPlayback(audio);
    else audio.pause();
  }, [startPlayback]);

  const next = useCallback(() => {
    const m = mirror.current;
    const currentId = m.current?._id ?? null;
    let target: Beat | null;
    if (m.shuffle) {
      const result = pickShuffled(m.queue, currentId, m.played);
      m.played = result.played;
      target = result.pick;
    } else {
      target = nextInOrder(m.queue, currentId);
    }
    if (target) load(target);
  }, [load]);

  const previous = useCallback(() => {
    const m = mirror.current;
    if (m.shuffle && m.history.length >= 2) {
      m.history.pop();
      const id = m.history[m.history.length - 1];
      const target = m.queue.find((item) => item._id === id);
      if (target) {
        load(target, true);
        return;
      }
    }
    const target = previousInOrder(m.queue, m.current?._id ?? null);
    if (target) load(target);
  }, [load]);

  const toggleShuffle = useCallback(() => {
    const m = mirror.current;
    m.shuffle = !m.shuffle;
    // A new shuffle round starts from the track playing now.
    m.played = new Set(m.current ? [m.current._id] : []);
    setShuffle(m.shuffle);
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !mirror.current.current) return;
    const limit = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), limit);
    audio.currentTime = target;
    if (listenRef.current) listenRef.current.last = target;
    setCurrentTime(target);
  }, []);

  const setVolume = useCallback((value: number) => {
    const audio = audioRef.current;
    const clamped = Math.min(1, Math.max(0, value));
    if (audio) {
      audio.volume = clamped;
      audio.muted = clamped === 0;
    }
    setVolumeState(clamped);
    setMuted(clamped === 0);
    try {
      localStorage.setItem(VOLUME_KEY, String(clamped));
    } catch {
      // Private mode: the volume just is not remembered.
    }
  }, []);

  const toggleMute = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.muted = !audio.muted;
    setMuted(audio.muted);
  }, []);

  useEffect(() => {
    nextRef.current = next;
  }, [next]);

  // Wire the element's events once; handlers read live values from refs.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = storedVolume();

    const onPlay = () => setIsPlaying(true);
    const onPause = () => {
      setIsPlaying(false);
      flushListen();
    };
    const onEnded = () => {
      setIsPlaying(false);
      flushListen();
      nextRef.current();
    };
    const onTimeUpdate = () => {
      const time = audio.currentTime;
      const listen = listenRef.current;
      if (listen) {
        const step = time - listen.last;
        if (!audio.paused && step > 0 && step < MAX_LISTEN_STEP) listen.seconds += step;
        listen.last = time;
      }
      setCurrentTime(time);
    };
    const onSeeked = () => {
      if (listenRef.current) listenRef.current.last = audio.currentTime;
    };
    const onDuration = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    };
    const onWaiting = () => setIsBuffering(true);
    const onPlaying = () => setIsBuffering(false);
    const onCanPlay = () => setIsBuffering(false);
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      setIsPlaying(false);
      setIsBuffering(false);
      toast.error('This preview could not be played. Please try again.');
    };
    // Leaving the page stops playback: report what was heard, with a request that outlives the page.
    const onPageHide = () => flushListen(true);

    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('timeupdate', onTimeUpdate);
    audio.addEventListener('seeked', onSeeked);
    audio.addEventListener('durationchange', onDuration);
    audio.addEventListener('loadedmetadata', onDuration);
    audio.addEventListener('waiting', onWaiting);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('canplay', onCanPlay);
    audio.addEventListener('error', onError);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('timeupdate', onTimeUpdate);
      audio.removeEventListener('seeked', onSeeked);
      audio.removeEventListener('durationchange', onDuration);
      audio.removeEventListener('loadedmetadata', onDuration);
      audio.removeEventListener('waiting', onWaiting);
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('canplay', onCanPlay);
      audio.removeEventListener('error', onError);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [flushListen]);

  // Lock screen / media keys (where the browser offers them).
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => toggle()],
      ['pause', () => toggle()],
      ['nexttrack', () => nextRef.current()],
      ['previoustrack', () => previous()],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
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
  }, [toggle, previous, seek]);

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({ title: current.beatTitle, artist: current.artistName, album: 'Beat Market' })
      : null;
  }, [current]);

  useEffect(() => {
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = current ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [current, isPlaying]);

  const controls = useMemo<PlayerControls>(
    () => ({
      current,
      queue,
      isPlaying,
      isBuffering,
      shuffle,
      purchased,
      volume,
      muted,
      play,
      toggle,
      next,
      previous,
      toggleShuffle,
      seek,
      setVolume,
      toggleMute,
    }),
    [current, queue, isPlaying, isBuffering, shuffle, purchased, volume, muted, play, toggle, next, previous, toggleShuffle, seek, setVolume, toggleMute],
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

/** Everything: controls, track state and time. */
export function usePlayer(): PlayerValue {
  return { ...usePlayerControls(), ...usePlayerTime() };
}

/** Whether this beat is the current track and is playing — for row play buttons and equalizers. */
export function useBeatPlayback(beatId: string): { isCurrent: boolean; isPlaying: boolean } {
  const { current, isPlaying } = usePlayerControls();
  const isCurrent = current?._id === beatId;
  return { isCurrent, isPlaying: isCurrent && isPlaying };
}
