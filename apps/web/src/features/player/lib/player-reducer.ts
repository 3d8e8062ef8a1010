/**
 * Everything the player knows, in one state that only these actions change: the queue, the shuffle round and its
 * history, the track and whether it should sound, and what the audio element last said. A pure function, so the
 * player's rules (docs/product/screens-and-words.md#player) are tested without an audio element; the hooks in
 * ../hooks carry the state to the element and the element's events back here.
 */
import type { Beat } from '@beat/shared';
import { canPlay, type PlayableBeat } from './playable';
import { nextInOrder, pickShuffled, previousInOrder } from './queue';

export interface Track {
  beat: PlayableBeat;
  /** Counts the starts: starting the same beat again is a new play, loaded from its beginning and reported on its own. */
  start: number;
}

export interface PlayerState {
  /** What Next and Previous walk: the playable beats of the list the track was started from. */
  queue: readonly PlayableBeat[];
  track: Track | null;
  /** Whether the listener wants the track to sound (the element follows it, and says when it stops by itself). */
  playing: boolean;
  /** Waiting for audio data (after a track change or a seek into unbuffered audio). */
  buffering: boolean;
  shuffle: boolean;
  /** Ids played in this shuffle round. */
  played: ReadonlySet<string>;
  /** Ids in the order they were started, so Previous retraces a shuffled session. */
  history: readonly string[];
  /** Whether the track was started from a purchased section. */
  purchased: boolean;
  currentTime: number;
  duration: number;
  /** A position the listener asked for, for the element to jump to (a new object for each request). */
  seek: { time: number } | null;
  volume: number;
  muted: boolean;
}

/** `draw` is a random number in [0, 1) chosen by the caller, so that the reducer stays pure. */
export type PlayerAction =
  | { type: 'play'; beat: Beat; queue?: readonly Beat[]; purchased?: boolean }
  | { type: 'toggle' }
  | { type: 'resume' }
  | { type: 'pause' }
  | { type: 'next'; draw: number }
  | { type: 'previous' }
  | { type: 'toggleShuffle' }
  | { type: 'seek'; time: number }
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  // What the audio element reports.
  | { type: 'playingChanged'; playing: boolean }
  | { type: 'ended'; draw: number }
  | { type: 'failed' }
  | { type: 'bufferingChanged'; buffering: boolean }
  | { type: 'timeChanged'; time: number }
  | { type: 'durationChanged'; duration: number };

const HISTORY_LIMIT = 200;

export function initialPlayerState(volume: number): PlayerState {
  return {
    queue: [],
    track: null,
    playing: false,
    buffering: false,
    shuffle: false,
    played: new Set(),
    history: [],
    purchased: false,
    currentTime: 0,
    duration: 0,
    seek: null,
    volume,
    muted: false,
  };
}

function sameIds(a: readonly Beat[], b: readonly Beat[]): boolean {
  return a.length === b.length && a.every((beat, i) => beat._id === b[i]?._id);
}

function currentId(state: PlayerState): string | null {
  return state.track?.beat._id ?? null;
}

/** Starts `beat` from its beginning; `fromHistory` when Previous goes back along the history, which then does not grow. */
function start(state: PlayerState, beat: PlayableBeat, fromHistory = false): PlayerState {
  return {
    ...state,
    track: { beat, start: (state.track?.start ?? 0) + 1 },
    playing: true,
    buffering: true,
    played: new Set(state.played).add(beat._id),
    history: fromHistory ? state.history : [...state.history, beat._id].slice(-HISTORY_LIMIT),
    currentTime: 0,
    duration: beat.durationSeconds ?? 0,
    seek: null,
  };
}

/** Shuffle: a random track not played yet in this round; otherwise the next in order, the first after the last. */
function next(state: PlayerState, draw: number): PlayerState {
  if (state.shuffle) {
    const { pick, played } = pickShuffled(state.queue, currentId(state), state.played, () => draw);
    return pick ? start({ ...state, played }, pick) : { ...state, played };
  }
  const target = nextInOrder(state.queue, currentId(state));
  return target ? start(state, target) : state;
}

/** Shuffle goes back along the tracks as they were played; otherwise the previous in order, the last before the first. */
function previous(state: PlayerState): PlayerState {
  let from = state;
  if (state.shuffle && state.history.length >= 2) {
    const history = state.history.slice(0, -1);
    const target = state.queue.find((beat) => beat._id === history[history.length - 1]);
    if (target) return start({ ...state, history }, target, true);
    from = { ...state, history };
  }
  const target = previousInOrder(from.queue, currentId(from));
  return target ? start(from, target) : from;
}

/**
 * Plays `beat` with `queue` as the list Next and Previous walk (just that beat when there is none). Beats without a
 * preview yet are left out of the queue, and asking to play one does nothing. The current beat resumes instead of
 * restarting. A different list starts a new shuffle round and history.
 */
function play(state: PlayerState, action: Extract<PlayerAction, { type: 'play' }>): PlayerState {
  const { beat } = action;
  if (!canPlay(beat)) return state;
  const playable = action.queue?.filter(canPlay) ?? [];
  let queue: readonly PlayableBeat[] = playable.length > 0 ? playable : [beat];
  if (!queue.some((item) => item._id === beat._id)) queue = [beat, ...queue];
  const id = currentId(state);
  const round = sameIds(state.queue, queue) ? {} : { played: new Set<string>(), history: id ? [id] : [] };
  const next = { ...state, ...round, queue, purchased: action.purchased ?? false };
  return id === beat._id ? { ...next, playing: true } : start(next, beat);
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play':
      return play(state, action);
    case 'toggle':
      return state.track ? { ...state, playing: !state.playing } : state;
    case 'resume':
      return state.track ? { ...state, playing: true } : state;
    case 'pause':
      return { ...state, playing: false };
    case 'next':
      return next(state, action.draw);
    case 'previous':
      return previous(state);
    case 'toggleShuffle': {
      const id = currentId(state);
      // A new shuffle round starts from the track playing now.
      return { ...state, shuffle: !state.shuffle, played: new Set(id ? [id] : []) };
    }
    case 'seek': {
      if (!state.track) return state;
      const limit = state.duration > 0 ? state.duration : Number.POSITIVE_INFINITY;
      const time = Math.min(Math.max(0, action.time), limit);
      return { ...state, currentTime: time, seek: { time } };
    }
    case 'setVolume': {
      const volume = Math.min(1, Math.max(0, action.volume));
      return { ...state, volume, muted: volume === 0 };
    }
    case 'toggleMute':
      return { ...state, muted: !state.muted };
    case 'playingChanged':
      return state.playing === action.playing ? state : { ...state, playing: action.playing };
    case 'ended':
      // The end of a track advances by itself.
      return next({ ...state, playing: false }, action.draw);
    case 'failed':
      return { ...state, playing: false, buffering: false };
    case 'bufferingChanged':
      return state.buffering === action.buffering ? state : { ...state, buffering: action.buffering };
    case 'timeChanged':
      return { ...state, currentTime: action.time };
    case 'durationChanged':
      return Number.isFinite(action.duration) && action.duration > 0 ? { ...state, duration: action.duration } : state;
  }
}
