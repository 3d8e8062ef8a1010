/**
 * Scales, diatonic chords and progressions used by the track planner.
 * Pitches are expressed as scale degrees (0 = tonic, 7 = tonic an octave up, may be negative).
 */

export type ModeName = 'minor' | 'dorian' | 'phrygian' | 'major';

export const MODES: readonly ModeName[] = ['minor', 'dorian', 'phrygian', 'major'];

const MODE_INTERVALS: Record<ModeName, readonly number[]> = {
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  major: [0, 2, 4, 5, 7, 9, 11],
};

/** One chord per bar; chord roots as scale degrees. Diminished triads are avoided. */
const PROGRESSIONS: Record<ModeName, readonly (readonly number[])[]> = {
  minor: [
    [0, 5, 2, 6],
    [0, 3, 5, 4],
    [0, 6, 5, 6],
    [0, 5, 3, 4],
    [0, 3, 0, 5],
    [5, 6, 0, 0],
  ],
  dorian: [
    [0, 3, 0, 3],
    [0, 3, 6, 3],
    [0, 2, 3, 3],
    [0, 6, 3, 4],
  ],
  phrygian: [
    [0, 1, 0, 1],
    [0, 1, 0, 6],
    [0, 1, 5, 0],
    [0, 6, 1, 0],
  ],
  major: [
    [0, 4, 5, 3],
    [5, 3, 0, 4],
    [0, 5, 3, 4],
    [3, 0, 4, 5],
    [0, 3, 5, 4],
  ],
};

export function progressionsFor(mode: ModeName): readonly (readonly number[])[] {
  return PROGRESSIONS[mode];
}

export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

/** MIDI note of scale degree `degree` in `mode`, relative to the MIDI note `tonicMidi`. */
export function degreeToMidi(degree: number, mode: ModeName, tonicMidi: number): number {
  const octave = Math.floor(degree / 7);
  return tonicMidi + 12 * octave + (MODE_INTERVALS[mode][mod(degree, 7)] ?? 0);
}

export function midiToFrequency(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

/** Scale degrees of the diatonic chord built on `root` (triad, or seventh chord). */
export function chordDegrees(root: number, withSeventh: boolean): number[] {
  return withSeventh ? [root, root + 2, root + 4, root + 6] : [root, root + 2, root + 4];
}

export function isChordTone(degree: number, chordRoot: number): boolean {
  const offset = mod(degree - chordRoot, 7);
  return offset === 0 || offset === 2 || offset === 4;
}

/** Chord tone (triad) of `chordRoot` closest to `degree`; ties resolve downwards. */
export function nearestChordTone(degree: number, chordRoot: number): number {
  for (let distance = 0; distance < 4; distance++) {
    if (isChordTone(degree - distance, chordRoot)) return degree - distance;
    if (isChordTone(degree + distance, chordRoot)) return degree + distance;
  }
  return degree;
}

/** First chord tone of `chordRoot` strictly above (direction 1) or below (-1) `degree`. */
export function nextChordTone(degree: number, chordRoot: number, direction: 1 | -1): number {
  for (let distance = 1; distance <= 4; distance++) {
    if (isChordTone(degree + direction * distance, chordRoot)) return degree + direction * distance;
  }
  return degree;
}
