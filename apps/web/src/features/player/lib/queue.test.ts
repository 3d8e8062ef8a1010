import { describe, expect, it } from 'vitest';
import { nextInOrder, pickShuffled, previousInOrder } from './queue';

const queue = ['a', 'b', 'c', 'd'].map((_id) => ({ _id }));

describe('the player queue', () => {
  it('plays in order and wraps around at both ends', () => {
    expect(nextInOrder(queue, 'b')?._id).toBe('c');
    expect(nextInOrder(queue, 'd')?._id).toBe('a');
    expect(previousInOrder(queue, 'c')?._id).toBe('b');
    expect(previousInOrder(queue, 'a')?._id).toBe('d');
    expect(nextInOrder(queue, null)?._id).toBe('a');
    expect(nextInOrder([], 'a')).toBeNull();
  });

  it('shuffles through every track once before any repeats, and never repeats a track back to back', () => {
    let played = new Set<string>();
    let current = 'a';
    const seen: string[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 3; i++) {
      const { pick, played: round } = pickShuffled(queue, current, played, random);
      seen.push(pick!._id);
      played = round;
      current = pick!._id;
    }
    // With 'a' playing, one round holds b, c and d once each.
    expect([...seen].sort()).toEqual(['b', 'c', 'd']);
    for (let i = 0; i < 20; i++) {
      const { pick, played: round } = pickShuffled(queue, current, played, random);
      expect(pick!._id).not.toBe(current);
      played = round;
      current = pick!._id;
    }
  });

  it('plays the only track again in a queue of one', () => {
    expect(pickShuffled([{ _id: 'a' }], 'a', new Set()).pick?._id).toBe('a');
  });
});
