/**
 * Renders a TrackPlan into four mono stems (drums, bass, chords, melody), each with its own
 * effects, plus the per-stem gains (from target RMS levels) that balance them in the mix.
 */
import { rngFor } from './prng.js';
import type { TrackPlan } from './plan-types.js';
import { DRUM_GAINS, buildDrumKit } from './drum-kit.js';
import {
  type Timing,
  beatToSample,
  render808,
  renderBellNote,
  renderKeysNote,
  renderLead,
  renderPadNote,
  renderPluckBass,
} from './instruments.js';
import {
  SAMPLE_RATE,
  addInto,
  applyDelay,
  applyReverb,
  highpassInPlace,
  lowpassInPlace,
  peak,
  rms,
} from './dsp.js';

export interface Stems {
  drums: Float32Array;
  bass: Float32Array;
  chords: Float32Array;
  melody: Float32Array;
}

export type StemName = keyof Stems;

export const STEM_NAMES: readonly StemName[] = ['drums', 'bass', 'chords', 'melody'];

/** Target RMS of each stem before mastering: sets the balance of the mix. */
const STEM_RMS: Record<StemName, number> = {
  drums: 0.16,
  bass: 0.12,
  chords: 0.045,
  melody: 0.06,
};

/** Peak cap per stem, so sparse parts (short plucks, few notes) are not boosted into the limiter. */
const STEM_PEAK: Record<StemName, number> = {
  drums: 0.95,
  bass: 0.6,
  chords: 0.3,
  melody: 0.4,
};

export function trackSampleCount(plan: Pick<TrackPlan, 'bars' | 'bpm'>): number {
  return beatToSample(plan.bars * 4, plan.bpm);
}

function renderDrums(plan: TrackPlan, timing: Timing): Float32Array {
  const out = new Float32Array(timing.totalSamples);
  const kit = buildDrumKit(plan.sound, rngFor(plan.index, 'drum-noise'));
  for (const hit of plan.drums) {
    addInto(out, kit[hit.sound], beatToSample(hit.beat, plan.bpm), hit.velocity * DRUM_GAINS[hit.sound]);
  }
  return out;
}

function renderBass(plan: TrackPlan, timing: Timing): Float32Array {
  const out = new Float32Array(timing.totalSamples);
  if (plan.bassKind === '808') render808(out, plan.bass, timing, plan.sound.bass808);
  else renderPluckBass(out, plan.bass, timing, plan.sound.pluckBass);
  highpassInPlace(out, 28);
  return out;
}

function renderChords(plan: TrackPlan, timing: Timing): Float32Array {
  const out = new Float32Array(timing.totalSamples);
  if (plan.chordKind === 'pad') {
    for (const note of plan.chords) renderPadNote(out, note, timing, plan.sound.pad);
    lowpassInPlace(out, plan.sound.pad.cutoffHz, 0.8);
  } else {
    for (const note of plan.chords) renderKeysNote(out, note, timing, plan.sound.keys);
  }
  highpassInPlace(out, 140);
  applyReverb(out, plan.sound.fx.reverbWet, plan.sound.fx.roomSize);
  return out;
}

function renderMelody(plan: TrackPlan, timing: Timing): Float32Array {
  const out = new Float32Array(timing.totalSamples);
  const { fx } = plan.sound;
  switch (plan.leadKind) {
    case 'synth-lead':
      renderLead(out, plan.melody, timing, plan.sound.lead);
      break;
    case 'fm-bell':
      for (const note of plan.melody) renderBellNote(out, note, timing, plan.sound.bell);
      break;
    case 'soft-pad':
      for (const note of plan.melody) renderPadNote(out, note, timing, { ...plan.sound.pad, attack: plan.sound.pad.attack * 0.5 });
      lowpassInPlace(out, plan.sound.pad.cutoffHz * 1.4, 0.8);
      break;
  }
  highpassInPlace(out, 180);
  applyDelay(out, beatToSample(fx.delayBeats, plan.bpm), fx.delayFeedback, fx.delayWet);
  applyReverb(out, fx.reverbWet * 1.3, fx.roomSize);
  return out;
}

/** Pumps sustained parts down on every kick (sidechain feel); only used for four-on-the-floor. */
function duckOnKicks(buffer: Float32Array, plan: TrackPlan, depth: number): void {
  const attack = Math.round(0.005 * SAMPLE_RATE);
  const recovery = Math.round((60 / plan.bpm) * 0.8 * SAMPLE_RATE);
  for (const hit of plan.drums) {
    if (hit.sound !== 'kick') continue;
    const start = beatToSample(hit.beat, plan.bpm);
    const end = Math.min(buffer.length, start + attack + recovery);
    for (let i = Math.max(0, start); i < end; i++) {
      const t = i - start;
      // Quick (5 ms) dip, then a quadratic swell back to full level.
      const amount = t < attack ? t / attack : (1 - (t - attack) / recovery) ** 2;
      buffer[i] = buffer[i]! * (1 - depth * amount);
    }
  }
}

export interface RenderedStems {
  stems: Stems;
  /** Mix level of each stem; applied by the master bus (saves a pass over every stem). */
  gains: Record<StemName, number>;
}

function balanceGain(buffer: Float32Array, name: StemName): number {
  const level = rms(buffer);
  if (level < 1e-6) return 1;
  return Math.min(8, STEM_RMS[name] / level, STEM_PEAK[name] / peak(buffer));
}

export function renderStems(plan: TrackPlan): RenderedStems {
  const timing: Timing = { bpm: plan.bpm, totalSamples: trackSampleCount(plan) };
  const stems: Stems = {
    drums: renderDrums(plan, timing),
    bass: renderBass(plan, timing),
    chords: renderChords(plan, timing),
    melody: renderMelody(plan, timing),
  };
  if (plan.drumStyle === 'four-on-the-floor') {
    duckOnKicks(stems.chords, plan, 0.6);
    if (plan.leadKind === 'soft-pad') duckOnKicks(stems.melody, plan, 0.4);
  }
  const gains = {
    drums: balanceGain(stems.drums, 'drums'),
    bass: balanceGain(stems.bass, 'bass'),
    chords: balanceGain(stems.chords, 'chords'),
    melody: balanceGain(stems.melody, 'melody'),
  };
  return { stems, gains };
}
