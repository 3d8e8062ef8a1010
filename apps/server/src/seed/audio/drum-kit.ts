/**
 * Synthesised drum one-shots (kick, snare, clap, hats, crash). Each sound is rendered once per
 * track into a Float32Array and then mixed at every hit, which keeps drum rendering cheap.
 */
import type { Rng } from './prng.js';
import type { DrumSound, SoundDesign } from './plan-types.js';
import { SAMPLE_RATE, StateVariableFilter, decayPerSample, saturate, sineCycles } from './dsp.js';

export type DrumKit = Record<DrumSound, Float32Array>;

/** Relative level of each sound in the drum stem. */
export const DRUM_GAINS: Record<DrumSound, number> = {
  kick: 1,
  snare: 0.55,
  clap: 0.6,
  hat: 0.22,
  'open-hat': 0.2,
  crash: 0.16,
};

/** Inharmonic square-wave cluster of the classic 808 cymbal circuit (Hz). */
const METAL_FREQUENCIES = [205.3, 304.4, 369.6, 522.7, 540, 800];

function secondsToSamples(seconds: number): number {
  return Math.max(1, Math.round(seconds * SAMPLE_RATE));
}

/** Short linear fade at the end of a one-shot so truncation never clicks. */
function fadeTail(buffer: Float32Array, seconds = 0.005): void {
  const length = Math.min(buffer.length, secondsToSamples(seconds));
  const start = buffer.length - length;
  for (let i = 0; i < length; i++) buffer[start + i] = buffer[start + i]! * (1 - (i + 1) / length);
}

function synthKick(p: SoundDesign['kick'], rng: Rng): Float32Array {
  const out = new Float32Array(secondsToSamples(Math.min(0.9, p.ampDecay * 6)));
  const sweepDecay = decayPerSample(p.pitchDecay);
  const ampDecay = decayPerSample(p.ampDecay);
  const clickDecay = decayPerSample(0.0025);
  const clickFilter = new StateVariableFilter(3000, 0.7);
  let sweep = p.startHz - p.endHz;
  let amp = 1;
  let click = p.click;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (p.endHz + sweep) / SAMPLE_RATE;
    const body = saturate(1.5 * sineCycles(phase)) * amp;
    out[i] = body + clickFilter.lowpass(rng.noise()) * click;
    sweep *= sweepDecay;
    amp *= ampDecay;
    click *= clickDecay;
  }
  fadeTail(out);
  return out;
}

function synthSnare(p: SoundDesign['snare'], rng: Rng): Float32Array {
  const out = new Float32Array(secondsToSamples(p.noiseDecay * 5));
  const noiseFilter = new StateVariableFilter(p.noiseHz, 0.6);
  const bodyFilter = new StateVariableFilter(p.noiseHz * 0.5, 0.9);
  const toneDecay = decayPerSample(p.toneDecay);
  const noiseDecay = decayPerSample(p.noiseDecay);
  const dropDecay = decayPerSample(0.012);
  let toneAmp = 0.8;
  let noiseAmp = 1;
  let drop = 0.6;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (p.toneHz * (1 + drop)) / SAMPLE_RATE;
    const noise = rng.noise();
    const hiss = noiseFilter.highpass(noise) + 0.5 * bodyFilter.bandpass(noise);
    out[i] = sineCycles(phase) * toneAmp + hiss * noiseAmp * 0.8;
    toneAmp *= toneDecay;
    noiseAmp *= noiseDecay;
    drop *= dropDecay;
  }
  fadeTail(out);
  return out;
}

/** Clap: three quick band-passed noise bursts followed by a short tail. */
function synthClap(p: SoundDesign['clap'], rng: Rng): Float32Array {
  const burstSpacing = secondsToSamples(0.009);
  const tailStart = burstSpacing * 3;
  const out = new Float32Array(tailStart + secondsToSamples(p.tailDecay * 5));
  const filter = new StateVariableFilter(p.bandHz, 1.4);
  const burstDecay = 1 / (0.0025 * SAMPLE_RATE);
  const tailDecay = decayPerSample(p.tailDecay);
  let tail = 1;
  for (let i = 0; i < out.length; i++) {
    let env: number;
    if (i < tailStart) {
      env = Math.exp(-(i % burstSpacing) * burstDecay);
    } else {
      env = tail;
      tail *= tailDecay;
    }
    out[i] = filter.bandpass(rng.noise()) * env * 2.2;
  }
  fadeTail(out);
  return out;
}

/** Hats and cymbals: metallic square cluster plus noise, high-passed, exponential decay. */
function synthMetal(decay: number, brightness: number, highpassHz: number, rng: Rng, length: number): Float32Array {
  const out = new Float32Array(secondsToSamples(length));
  const band = new StateVariableFilter(brightness, 0.9);
  const high = new StateVariableFilter(highpassHz, 0.7);
  const ampDecay = decayPerSample(decay);
  const phases = new Float64Array(METAL_FREQUENCIES.length);
  const increments = Float64Array.from(METAL_FREQUENCIES, (f) => (f * 1.7) / SAMPLE_RATE);
  const attack = secondsToSamples(0.0008);
  let amp = 1;
  for (let i = 0; i < out.length; i++) {
    let metal = 0;
    for (let k = 0; k < phases.length; k++) {
      const phase = phases[k]! + increments[k]!;
      phases[k] = phase >= 1 ? phase - 1 : phase;
      metal += phase < 0.5 ? 1 : -1;
    }
    const source = metal * 0.12 + rng.noise() * 0.6;
    const ramp = i < attack ? i / attack : 1;
    out[i] = high.highpass(band.bandpass(source)) * amp * ramp * 2;
    amp *= ampDecay;
  }
  fadeTail(out, 0.01);
  return out;
}

export function buildDrumKit(sound: SoundDesign, rng: Rng): DrumKit {
  const hat = sound.hat;
  return {
    kick: synthKick(sound.kick, rng),
    snare: synthSnare(sound.snare, rng),
    clap: synthClap(sound.clap, rng),
    hat: synthMetal(hat.closedDecay, hat.brightness, hat.brightness * 0.75, rng, hat.closedDecay * 5),
    'open-hat': synthMetal(hat.openDecay, hat.brightness, hat.brightness * 0.7, rng, hat.openDecay * 4),
    crash: synthMetal(0.7, hat.brightness * 0.8, 4500, rng, 2.5),
  };
}
