/**
 * Master bus: stem balance, loudness normalisation, a look-ahead peak limiter (soft,
 * gain-riding — it never hard-clips) and short edge fades. Everything is folded into one
 * per-sample gain curve; applying that same curve to each balanced stem (see `masterStem`)
 * makes the mastered stems sum exactly to the mastered mix.
 */
import { SAMPLE_RATE } from './dsp.js';

const TARGET_RMS = 0.2;
const MAX_MAKEUP_GAIN = 6;
/** -1 dBFS ceiling leaves headroom for MP3 encoding overshoot. */
const CEILING = 0.891;
const ATTACK_SECONDS = 0.003;
const RELEASE_SECONDS = 0.12;
const FADE_IN_SECONDS = 0.004;
const FADE_OUT_SECONDS = 0.008;

export interface StemInput {
  samples: Float32Array;
  gain: number;
}

export interface MasterResult {
  mix: Float32Array;
  /** Master gain per sample (makeup × limiter × fades). */
  curve: Float32Array;
}

function mixDown(stems: readonly StemInput[], length: number): Float32Array {
  const mix = new Float32Array(length);
  for (const { samples, gain } of stems) {
    for (let i = 0; i < length; i++) mix[i] = mix[i]! + samples[i]! * gain;
  }
  return mix;
}

function makeupGain(mix: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < mix.length; i++) sum += mix[i]! * mix[i]!;
  const level = Math.sqrt(sum / Math.max(1, mix.length));
  return level > 1e-6 ? Math.min(MAX_MAKEUP_GAIN, TARGET_RMS / level) : 1;
}

/**
 * Loudest of the mix and of each balanced stem at every sample. Limiting on this keeps every
 * stem below the ceiling too (a stem can peak higher than the mix when parts cancel), so the
 * 16-bit stems never clip and still sum to the mix.
 */
function peakLevels(mix: Float32Array, stems: readonly StemInput[]): Float32Array {
  const levels = new Float32Array(mix.length);
  for (let i = 0; i < mix.length; i++) levels[i] = Math.abs(mix[i]!);
  for (const { samples, gain } of stems) {
    const absGain = Math.abs(gain);
    for (let i = 0; i < mix.length; i++) {
      const level = Math.abs(samples[i]!) * absGain;
      if (level > levels[i]!) levels[i] = level;
    }
  }
  return levels;
}

/**
 * Per-sample gain that keeps level · makeup · gain ≤ CEILING: it dips smoothly *before* a peak
 * (backward pass = look-ahead attack) and recovers slowly after it (forward pass = release).
 */
function limiterGain(levels: Float32Array, makeup: number): Float32Array {
  const gain = new Float32Array(levels.length);
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]! * makeup;
    gain[i] = level > CEILING ? CEILING / level : 1;
  }
  const attack = Math.exp(-1 / (ATTACK_SECONDS * SAMPLE_RATE));
  for (let i = levels.length - 2; i >= 0; i--) gain[i] = Math.min(gain[i]!, 1 - (1 - gain[i + 1]!) * attack);
  const release = Math.exp(-1 / (RELEASE_SECONDS * SAMPLE_RATE));
  for (let i = 1; i < levels.length; i++) gain[i] = Math.min(gain[i]!, 1 - (1 - gain[i - 1]!) * release);
  return gain;
}

function applyEdgeFades(curve: Float32Array): void {
  const fadeIn = Math.min(curve.length, Math.round(FADE_IN_SECONDS * SAMPLE_RATE));
  const fadeOut = Math.min(curve.length, Math.round(FADE_OUT_SECONDS * SAMPLE_RATE));
  for (let i = 0; i < fadeIn; i++) curve[i] = curve[i]! * (i / fadeIn);
  for (let i = 0; i < fadeOut; i++) curve[curve.length - 1 - i] = curve[curve.length - 1 - i]! * (i / fadeOut);
}

export function masterMix(stems: readonly StemInput[], length: number): MasterResult {
  const mix = mixDown(stems, length);
  const makeup = makeupGain(mix);
  const curve = limiterGain(peakLevels(mix, stems), makeup);
  for (let i = 0; i < length; i++) curve[i] = curve[i]! * makeup;
  applyEdgeFades(curve);
  for (let i = 0; i < length; i++) mix[i] = mix[i]! * curve[i]!;
  return { mix, curve };
}

/** The stem as it sits in the mastered mix (stem gain × master curve). */
export function masterStem(stem: StemInput, curve: Float32Array): Float32Array {
  const out = new Float32Array(curve.length);
  for (let i = 0; i < curve.length; i++) out[i] = stem.samples[i]! * stem.gain * curve[i]!;
  return out;
}
