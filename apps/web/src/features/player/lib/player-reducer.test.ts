import { describe, expect, it } from 'vitest';
import type { Beat } from '@beat/shared';
import { makeBeat } from '../../../test/factories';
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerState } from './player-reducer';

const list = ['a', 'b', 'c', 'd'].map((id) => makeBeat(id));
const [a, b, c, d] = list as [Beat, Beat, Beat, Beat];

const run = (actions: PlayerAction[], from: PlayerState = initialPlayerState(0.9)) => actions.reduce(playerReducer, from);
const currentId = (state: PlayerState) => state.track?.beat._id ?? null;

/** The ids a run of actions plays, one per action. */
function walk(from: PlayerState, actions: PlayerAction[]): string[] {
  const ids: string[] = [];
  let state = from;
  for (const action of actions) {
    state = playerReducer(state, action);
    ids.push(currentId(state)!);
  }
  return ids;
}

/** A fixed sequence of draws, so a shuffle is the same on every run. */
function draws(seed: number): () => number {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

describe('the player state', () => {
  it('starts a beat with its list as the queue, playing from the beginning', () => {
    const state = run([{ type: 'play', beat: c, queue: list }]);
    expect(currentId(state)).toBe('c');
    expect(state.queue.map((item) => item._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(state).toMatchObject({ playing: true, buffering: true, currentTime: 0, duration: 120, purchased: false });
  });

  it('goes next and previous in order, wrapping around at both ends', () => {
    const playing = run([{ type: 'play', beat: c, queue: list }]);
    expect(walk(playing, [{ type: 'next', draw: 0 }, { type: 'next', draw: 0 }, { type: 'next', draw: 0 }])).toEqual(['d', 'a', 'b']);
    expect(walk(playing, [{ type: 'previous' }, { type: 'previous' }, { type: 'previous' }])).toEqual(['b', 'a', 'd']);
  });

  it('advances by itself when a track ends, after the last to the first, and keeps playing', () => {
    const atEnd = run([{ type: 'play', beat: d, queue: list }, { type: 'playingChanged', playing: false }]);
    const after = playerReducer(atEnd, { type: 'ended', draw: 0 });
    expect(currentId(after)).toBe('a');
    expect(after.playing).toBe(true);
    expect(after.track?.start).toBe(2);
  });

  it('plays the only track of a queue of one again from its start', () => {
    const once = run([{ type: 'play', beat: a }]);
    const again = playerReducer(once, { type: 'ended', draw: 0.5 });
    expect(currentId(again)).toBe('a');
    expect(again.track).not.toBe(once.track);
    expect(again.track?.start).toBe(once.track!.start + 1);
  });

  it('shuffles through every track once before any plays again, never one twice in a row', () => {
    const random = draws(7);
    const state = run([{ type: 'play', beat: a, queue: list }, { type: 'toggleShuffle' }]);
    expect(state.shuffle).toBe(true);
    const played = walk(
      state,
      Array.from({ length: 12 }, (): PlayerAction => ({ type: 'next', draw: random() })),
    );
    // Each round plays the three tracks other than the one playing when it began, each once.
    for (let i = 0; i < played.length; i += 3) {
      const before = i === 0 ? 'a' : played[i - 1];
      expect(new Set([before, ...played.slice(i, i + 3)]).size).toBe(4);
    }
  });

  it('draws the shuffle from the action, so the same draws play the same order', () => {
    const shuffled = run([{ type: 'play', beat: a, queue: list }, { type: 'toggleShuffle' }]);
    const high = walk(shuffled, [{ type: 'next', draw: 0.99 }, { type: 'next', draw: 0.99 }, { type: 'next', draw: 0.99 }]);
    expect(high).toEqual(['d', 'c', 'b']);
    const low = walk(shuffled, [{ type: 'next', draw: 0 }, { type: 'next', draw: 0 }, { type: 'next', draw: 0 }]);
    expect(low).toEqual(['b', 'c', 'd']);
  });

  it('retraces a shuffled session with Previous, then goes on in order at its beginning', () => {
    const shuffled = run([{ type: 'play', beat: a, queue: list }, { type: 'toggleShuffle' }]);
    const played = run([{ type: 'next', draw: 0.99 }, { type: 'next', draw: 0.99 }], shuffled);
    expect(currentId(played)).toBe('c');
    expect(walk(played, [{ type: 'previous' }, { type: 'previous' }, { type: 'previous' }])).toEqual(['d', 'a', 'd']);
  });

  it('starts a new shuffle round from the playing track when shuffle is turned on', () => {
    const shuffled = run([
      { type: 'play', beat: a, queue: list },
      { type: 'next', draw: 0 },
      { type: 'next', draw: 0 },
      { type: 'toggleShuffle' },
    ]);
    expect([...shuffled.played]).toEqual(['c']);
    expect(run([{ type: 'toggleShuffle' }], shuffled).shuffle).toBe(false);
  });

  it('resumes the current beat instead of restarting it', () => {
    const paused = run([{ type: 'play', beat: b, queue: list }, { type: 'timeChanged', time: 42 }, { type: 'toggle' }]);
    expect(paused.playing).toBe(false);
    const resumed = playerReducer(paused, { type: 'play', beat: b, queue: list });
    expect(resumed.playing).toBe(true);
    expect(resumed.track).toBe(paused.track);
    expect(resumed.currentTime).toBe(42);
  });

  it('replaces the queue with a new list: a new shuffle round and history from the playing track', () => {
    const other = ['e', 'f'].map((id) => makeBeat(id));
    const shuffled = run([
      { type: 'play', beat: a, queue: list },
      { type: 'toggleShuffle' },
      { type: 'next', draw: 0 },
      { type: 'next', draw: 0 },
    ]);
    const replaced = playerReducer(shuffled, { type: 'play', beat: other[1]!, queue: other });
    expect(replaced.queue.map((item) => item._id)).toEqual(['e', 'f']);
    expect(replaced.history).toEqual(['c', 'f']);
    expect([...replaced.played]).toEqual(['f']);
    // The same list again keeps the round.
    const same = playerReducer(replaced, { type: 'play', beat: other[0]!, queue: other });
    expect([...same.played].sort()).toEqual(['e', 'f']);
  });

  it('leaves beats without a preview out of the queue, and does nothing when asked to play one', () => {
    const pending = makeBeat('p', { streamingMp3FileLink: null });
    const state = run([{ type: 'play', beat: b, queue: [a, pending, b] }]);
    expect(state.queue.map((item) => item._id)).toEqual(['a', 'b']);
    expect(playerReducer(state, { type: 'play', beat: pending, queue: [pending] })).toBe(state);
  });

  it('puts the beat in its queue when the list does not hold it', () => {
    const state = run([{ type: 'play', beat: d, queue: [a, b] }]);
    expect(state.queue.map((item) => item._id)).toEqual(['d', 'a', 'b']);
  });

  it('goes on from the new list when the playing track is no longer in it', () => {
    // Resuming a track and handing it a list without it: Next and Previous walk the new list from its ends.
    const state = run([{ type: 'play', beat: a, queue: list }]);
    const without = { ...state, queue: [b, c] as PlayerState['queue'] };
    expect(currentId(playerReducer(without, { type: 'next', draw: 0 }))).toBe('b');
    expect(currentId(playerReducer(without, { type: 'previous' }))).toBe('c');
  });

  it('does nothing on the controls before a track is chosen', () => {
    const empty = initialPlayerState(0.9);
    for (const action of [{ type: 'toggle' }, { type: 'resume' }, { type: 'next', draw: 0 }, { type: 'previous' }, { type: 'seek', time: 3 }] as PlayerAction[]) {
      expect(playerReducer(empty, action).track).toBeNull();
      expect(playerReducer(empty, action).playing).toBe(false);
    }
  });

  it('seeks within the track and asks the element to jump there', () => {
    const state = run([{ type: 'play', beat: a }, { type: 'seek', time: 200 }]);
    expect(state.currentTime).toBe(120);
    expect(state.seek).toEqual({ time: 120 });
    expect(run([{ type: 'seek', time: -5 }], state).currentTime).toBe(0);
    // A new track starts from its beginning.
    expect(run([{ type: 'play', beat: b }], state)).toMatchObject({ seek: null, currentTime: 0 });
  });

  it('stops on a failure, and follows the element when it stops or starts by itself', () => {
    const state = run([{ type: 'play', beat: a }]);
    expect(run([{ type: 'failed' }], state)).toMatchObject({ playing: false, buffering: false });
    expect(run([{ type: 'playingChanged', playing: false }], state).playing).toBe(false);
    expect(run([{ type: 'pause' }, { type: 'playingChanged', playing: true }], state).playing).toBe(true);
  });

  it('keeps the duration the element reports, ignoring one it does not know yet', () => {
    const state = run([{ type: 'play', beat: a }, { type: 'durationChanged', duration: 118.4 }]);
    expect(state.duration).toBe(118.4);
    expect(run([{ type: 'durationChanged', duration: Number.NaN }], state).duration).toBe(118.4);
  });

  it('mutes at volume 0, keeps the volume between 0 and 1, and mutes and unmutes', () => {
    expect(run([{ type: 'setVolume', volume: 0 }])).toMatchObject({ volume: 0, muted: true });
    expect(run([{ type: 'setVolume', volume: 1.5 }])).toMatchObject({ volume: 1, muted: false });
    expect(run([{ type: 'toggleMute' }])).toMatchObject({ volume: 0.9, muted: true });
    expect(run([{ type: 'toggleMute' }, { type: 'toggleMute' }]).muted).toBe(false);
  });
});
