/**
 * Turns a track index into a musical plan: style choices, sound-design parameters and
 * the note/drum events of every bar. Pure data, no audio; everything is seeded by the index.
 */
import { type Rng, rngFor } from './prng.js';
import { MODES, type ModeName, chordDegrees, degreeToMidi, mod, progressionsFor } from './music-theory.js';
import type { BassKind, BasePlan, ChordKind, DrumStyle, LeadKind, NoteEvent, StyleChoice, TrackPlan } from './plan-types.js';
import { chordRootAt, pickSome, sortedUnique, stepToBeat } from './plan-grid.js';
import { planDrums } from './drum-patterns.js';
import { planMelody } from './melody-lines.js';
import { designSound } from './sound-design.js';

export type { TrackPlan } from './plan-types.js';

const DRUM_STYLES: readonly DrumStyle[] = ['trap', 'boom-bap', 'four-on-the-floor', 'half-time'];
const LEAD_KINDS: readonly LeadKind[] = ['synth-lead', 'fm-bell', 'soft-pad'];
const MIN_BPM = 60;
const MAX_BPM = 180;

/**
 * Index → style. Drum style cycles with period 4 and lead with period 3, so indices 0..11 hit
 * all 12 drum × lead pairs; the bass variant (the style's usual bass or the other one) flips
 * between i and i + 12, making indices 0..23 all distinct. Modes rotate across drum styles.
 */
function chooseStyle(index: number): StyleChoice {
  const drumStyle = DRUM_STYLES[index % 4] as DrumStyle;
  const leadKind = LEAD_KINDS[index % 3] as LeadKind;
  const usualBass: BassKind = drumStyle === 'trap' || drumStyle === 'half-time' ? '808' : 'pluck';
  const otherBass: BassKind = usualBass === '808' ? 'pluck' : '808';
  const useOther = (Math.floor(index / 12) + Math.floor((index % 12) / 2)) % 2 === 1;
  const mode = MODES[(index + Math.floor(index / 4)) % 4] as ModeName;
  return { drumStyle, leadKind, bassKind: useOther ? otherBass : usualBass, mode };
}

export function clampBpm(bpm: number): number {
  return Math.round(Math.min(MAX_BPM, Math.max(MIN_BPM, bpm)));
}

/**
 * Whole number of bars. With `seconds` given: the nearest bar count. Otherwise 24–32 s:
 * a multiple of 4 bars if one fits within 24–28 s, else the shortest even (then any) bar count.
 */
export function chooseBarCount(bpm: number, seconds?: number): number {
  const barSeconds = 240 / bpm;
  if (seconds !== undefined) return Math.max(1, Math.round(seconds / barSeconds));
  const minBars = Math.ceil(24 / barSeconds - 1e-9);
  const fits = (bars: number, maxSeconds: number): boolean => bars * barSeconds <= maxSeconds + 1e-9;
  const phraseBars = Math.ceil(minBars / 4) * 4;
  if (fits(phraseBars, 28)) return phraseBars;
  const evenBars = Math.ceil(minBars / 2) * 2;
  return fits(evenBars, 32) ? evenBars : minBars;
}

function chooseSwing(rng: Rng, style: DrumStyle): number {
  switch (style) {
    case 'boom-bap':
      return rng.range(0.12, 0.3);
    case 'half-time':
      return rng.range(0, 0.15);
    case 'four-on-the-floor':
      return rng.range(0, 0.08);
    case 'trap':
      return 0;
  }
}

/** Bass MIDI note for a chord-root degree, folded into one octave starting at `low`. */
function bassMidi(degree: number, plan: BasePlan, low: number): number {
  return low + mod(degreeToMidi(degree, plan.mode, plan.tonicPitchClass) - low, 12);
}

function bassSteps(rng: Rng, kind: BassKind, style: DrumStyle, kicks: readonly number[]): number[] {
  if (style === 'four-on-the-floor' && kind === 'pluck') {
    return rng.chance(0.5) ? [2, 6, 10, 14] : [2, 3, 6, 7, 10, 11, 14, 15];
  }
  if (kind === 'pluck') return sortedUnique([...kicks, ...pickSome(rng, [6, 14, 15], 1)]);
  return [...kicks];
}

function planBass(rng: Rng, plan: BasePlan, kickStepsByBar: number[][]): NoteEvent[] {
  // 808: E1–D#2 (41–78 Hz); plucked bass sits a fourth higher for definition.
  const low = plan.bassKind === '808' ? 28 : 33;
  const stepsByPattern = new Map<string, number[]>();
  const onsets: { bar: number; step: number; midi: number; glide: boolean; velocity: number }[] = [];
  for (let bar = 0; bar < plan.bars; bar++) {
    const kicks = kickStepsByBar[bar] ?? [];
    if (kicks.length === 0) continue;
    const key = kicks.join(',');
    const steps = stepsByPattern.get(key) ?? bassSteps(rng, plan.bassKind, plan.drumStyle, kicks);
    stepsByPattern.set(key, steps);
    const root = bassMidi(chordRootAt(plan.progression, bar), plan, low);
    steps.forEach((step, i) => {
      let midi = root;
      let glide = false;
      if (i > 0 && rng.chance(0.3)) {
        midi = rng.chance(0.6) ? root + 12 : bassMidi(chordRootAt(plan.progression, bar) + 4, plan, low);
        glide = plan.bassKind === '808' && rng.chance(0.6);
      }
      onsets.push({ bar, step, midi, glide, velocity: i === 0 ? 1 : 0.85 });
    });
  }
  return onsets.map((onset, i) => {
    const beat = stepToBeat(onset.bar, onset.step, plan.swing);
    const next = onsets[i + 1];
    const barEnd = (onset.bar + 1) * 4;
    const nextBeat = next ? stepToBeat(next.bar, next.step, plan.swing) : barEnd;
    const maxLength = plan.bassKind === '808' ? Math.min(nextBeat, barEnd + 4) - beat : Math.min(0.75, nextBeat - beat);
    const previousMidi = onsets[i - 1]?.midi;
    const glide = onset.glide && previousMidi !== undefined && previousMidi !== onset.midi;
    return { beat, lengthBeats: Math.max(0.1, maxLength), midi: onset.midi, velocity: onset.velocity, glide };
  });
}

const KEYS_RHYTHMS: readonly (readonly [number, number])[][] = [
  [[0, 14]],
  [[0, 5], [6, 8]],
  [[0, 3], [3, 3], [10, 5]],
  [[0, 7], [8, 7]],
];

/** Close voicing of the chord, every tone placed within [low, low + 12). */
function voiceChord(root: number, withSeventh: boolean, mode: ModeName, tonicPitchClass: number, low: number): number[] {
  return chordDegrees(root, withSeventh)
    .map((degree) => {
      const midi = degreeToMidi(degree, mode, tonicPitchClass);
      return low + mod(midi - low, 12);
    })
    .sort((a, b) => a - b);
}

function planChords(rng: Rng, plan: BasePlan): NoteEvent[] {
  const withSeventh = rng.chance(plan.drumStyle === 'boom-bap' || plan.mode === 'dorian' ? 0.75 : 0.35);
  const low = rng.int(52, 57);
  const rhythm = plan.chordKind === 'pad' ? ([[0, 16]] as const) : rng.pick(KEYS_RHYTHMS);
  const events: NoteEvent[] = [];
  for (let bar = 0; bar < plan.bars; bar++) {
    const notes = voiceChord(chordRootAt(plan.progression, bar), withSeventh, plan.mode, plan.tonicPitchClass, low);
    for (const [step, length] of rhythm) {
      const beat = stepToBeat(bar, step, plan.swing);
      for (const midi of notes) {
        events.push({ beat, lengthBeats: length / 4, midi, velocity: step === 0 ? 0.8 : 0.65, glide: false });
      }
    }
  }
  return events;
}

export function planTrack(index: number, requestedBpm: number, seconds?: number): TrackPlan {
  const style = chooseStyle(index);
  const choice = rngFor(index, 'choices');
  const bpm = clampBpm(requestedBpm);
  const bars = chooseBarCount(bpm, seconds);
  // About 2–3.5 s of intro (chords + melody, hats at most) before the full beat drops.
  const introBars = bars < 8 ? 0 : bpm >= 110 ? 2 : 1;
  const base = {
    index,
    bpm,
    bars,
    mode: style.mode,
    tonicPitchClass: choice.int(0, 11),
    drumStyle: style.drumStyle,
    bassKind: style.bassKind,
    leadKind: style.leadKind,
    chordKind: (style.leadKind === 'soft-pad' || choice.chance(0.4) ? 'keys' : 'pad') as ChordKind,
    progression: choice.pick(progressionsFor(style.mode)),
    swing: chooseSwing(choice, style.drumStyle),
    sound: designSound(rngFor(index, 'sound'), style, bpm),
  };
  const drums = planDrums(rngFor(index, 'drums'), base.drumStyle, bars, introBars, base.swing);
  return {
    ...base,
    drums: drums.hits,
    bass: planBass(rngFor(index, 'bass'), base, drums.kickStepsByBar),
    chords: planChords(rngFor(index, 'chords'), base),
    melody: planMelody(rngFor(index, 'melody'), base),
  };
}
