/**
 * Small seeded PRNG (mulberry32) so every generated track is reproducible from its index.
 * Separate named streams keep e.g. drum choices independent from melody choices.
 */

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** White noise sample in [-1, 1). */
  noise(): number {
    return this.next() * 2 - 1;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** FNV-1a hash of a stream name mixed with the track index. */
function hashSeed(index: number, stream: string): number {
  let h = 0x811c9dc5 ^ Math.imul(index + 1, 0x9e3779b1);
  for (let i = 0; i < stream.length; i++) {
    h ^= stream.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Independent deterministic random stream for one aspect (`stream`) of one track. */
export function rngFor(index: number, stream: string): Rng {
  return new Rng(hashSeed(index, stream));
}
