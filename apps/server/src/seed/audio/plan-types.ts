/** Data types shared by the track planner and the renderers. */
import type { ModeName } from './music-theory.js';

export type DrumStyle = 'trap' | 'boom-bap' | 'four-on-the-floor' | 'half-time';
export type BassKind = '808' | 'pluck';
export type LeadKind = 'synth-lead' | 'fm-bell' | 'soft-pad';
export type ChordKind = 'pad' | 'keys';
export type DrumSound = 'kick' | 'snare' | 'clap' | 'hat' | 'open-hat' | 'crash';

export interface NoteEvent {
  beat: number;
  lengthBeats: number;
  midi: number;
  velocity: number;
  /** 808 only: slide from the previous note instead of re-triggering. */
  glide: boolean;
}

export interface DrumHit {
  beat: number;
  sound: DrumSound;
  velocity: number;
}

export interface SoundDesign {
  kick: { startHz: number; endHz: number; pitchDecay: number; ampDecay: number; click: number };
  snare: { toneHz: number; toneDecay: number; noiseDecay: number; noiseHz: number };
  clap: { bandHz: number; tailDecay: number };
  hat: { closedDecay: number; openDecay: number; brightness: number };
  bass808: { decay: number; drive: number; glideTime: number };
  pluckBass: { cutoffHz: number; envHz: number; filterDecay: number; ampDecay: number; resonance: number };
  lead: { wave: 'saw' | 'square'; detuneCents: number; cutoffHz: number; envHz: number; filterDecay: number };
  bell: { ratio: number; index: number; decay: number };
  pad: { detuneCents: number; cutoffHz: number; attack: number; release: number };
  keys: { index: number; decay: number };
  fx: { delayBeats: number; delayFeedback: number; delayWet: number; reverbWet: number; roomSize: number };
}

export interface TrackPlan {
  index: number;
  bpm: number;
  bars: number;
  mode: ModeName;
  tonicPitchClass: number;
  drumStyle: DrumStyle;
  bassKind: BassKind;
  leadKind: LeadKind;
  chordKind: ChordKind;
  progression: readonly number[];
  swing: number;
  sound: SoundDesign;
  drums: DrumHit[];
  bass: NoteEvent[];
  chords: NoteEvent[];
  melody: NoteEvent[];
}

/** The plan before its note/drum events are generated. */
export type BasePlan = Omit<TrackPlan, 'bass' | 'chords' | 'melody' | 'drums'>;

/** Rhythmic figure: onsets (16th-note steps) with lengths in steps. */
export interface StepNote {
  step: number;
  length: number;
  degree: number;
  velocity: number;
}

/** The categorical choices that make indices sound different. */
export interface StyleChoice {
  drumStyle: DrumStyle;
  leadKind: LeadKind;
  bassKind: BassKind;
  mode: ModeName;
}
