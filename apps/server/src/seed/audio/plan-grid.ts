/** 16th-note grid helpers shared by the drum, bass, chord and melody planners. */
import type { Rng } from './prng.js';

export const STEPS_PER_BAR = 16;

/** Beat position of a (possibly fractional) 16th step; odd 16ths are delayed by the swing. */
export function stepToBeat(bar: number, step: number, swing: number): number {
  const isOffSixteenth = Number.isInteger(step) && step % 2 === 1;
  return bar * 4 + (step + (isOffSixteenth ? swing : 0)) / 4;
}

/** Up to `count` distinct random picks from `candidates`. */
export function pickSome(rng: Rng, candidates: readonly number[], count: number): number[] {
  const pool = [...candidates];
  const picked: number[] = [];
  while (picked.length < count && pool.length > 0) {
    picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as number);
  }
  return picked;
}

export function sortedUnique(steps: number[]): number[] {
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** Chord root (scale degree) of a bar; progressions repeat. */
export function chordRootAt(progression: readonly number[], bar: number): number {
  return progression[bar % progression.length] ?? 0;
}
