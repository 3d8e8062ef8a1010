/**
 * Low-level DSP building blocks working on Float32Array buffers: table sine, band-limited
 * (polyBLEP) saw/square, a TPT state-variable filter, saturation, delay and a small reverb.
 * Hot loops only touch numbers and typed arrays (no per-sample allocation).
 */

export const SAMPLE_RATE = 44100;

const SINE_TABLE_SIZE = 4096;
const SINE_TABLE = new Float32Array(SINE_TABLE_SIZE + 1);
for (let i = 0; i <= SINE_TABLE_SIZE; i++) SINE_TABLE[i] = Math.sin((2 * Math.PI * i) / SINE_TABLE_SIZE);

/** sin(2π·phase) for phase in cycles (any real value), via a linearly interpolated table. */
export function sineCycles(phase: number): number {
  const position = (phase - Math.floor(phase)) * SINE_TABLE_SIZE;
  const i = position | 0;
  const a = SINE_TABLE[i]!;
  return a + (position - i) * (SINE_TABLE[i + 1]! - a);
}

/** PolyBLEP residual that removes most aliasing from a naive discontinuity at phase 0. */
function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment;
    return t + t - t * t - 1;
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    return t * t + t + t + 1;
  }
  return 0;
}

/** Band-limited sawtooth; `phase` in [0, 1), `increment` = frequency / sample rate. */
export function sawWave(phase: number, increment: number): number {
  return 2 * phase - 1 - polyBlep(phase, increment);
}

/** Band-limited square wave; `phase` in [0, 1). */
export function squareWave(phase: number, increment: number): number {
  const shifted = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5;
  return (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
}

/** Smooth saturation (Padé tanh approximation), hard-limited to ±1. */
export function saturate(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/** Exponential decay multiplier per sample for a time constant in seconds. */
export function decayPerSample(seconds: number): number {
  return Math.exp(-1 / (Math.max(1e-4, seconds) * SAMPLE_RATE));
}

/** Topology-preserving-transform state-variable filter (Zavalishin / Simper). */
export class StateVariableFilter {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;

  constructor(cutoffHz: number, resonance = 0.707) {
    this.setCutoff(cutoffHz, resonance);
  }

  /** `resonance` is the filter Q (0.5 = soft, > 2 = peaky). */
  setCutoff(cutoffHz: number, resonance = 0.707): void {
    const fc = Math.min(Math.max(cutoffHz, 20), SAMPLE_RATE * 0.45);
    const g = Math.tan((Math.PI * fc) / SAMPLE_RATE);
    this.k = 1 / resonance;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  /** Advances the filter by one sample; returns the low-pass output. */
  lowpass(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v2;
  }

  highpass(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return x - this.k * v1 - v2;
  }

  bandpass(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v1;
  }
}

export function lowpassInPlace(buffer: Float32Array, cutoffHz: number, resonance = 0.707): void {
  const filter = new StateVariableFilter(cutoffHz, resonance);
  for (let i = 0; i < buffer.length; i++) buffer[i] = filter.lowpass(buffer[i]!);
}

export function highpassInPlace(buffer: Float32Array, cutoffHz: number, resonance = 0.707): void {
  const filter = new StateVariableFilter(cutoffHz, resonance);
  for (let i = 0; i < buffer.length; i++) buffer[i] = filter.highpass(buffer[i]!);
}

/** Mixes `source` into `target` starting at sample `offset`, scaled by `gain`. */
export function addInto(target: Float32Array, source: Float32Array, offset: number, gain: number): void {
  const start = Math.max(0, offset);
  const end = Math.min(target.length, offset + source.length);
  for (let i = start; i < end; i++) target[i] = target[i]! + source[i - offset]! * gain;
}

export function scaleInPlace(buffer: Float32Array, gain: number): void {
  for (let i = 0; i < buffer.length; i++) buffer[i] = buffer[i]! * gain;
}

export function rms(buffer: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < buffer.length; i++) sum += buffer[i]! * buffer[i]!;
  return Math.sqrt(sum / Math.max(1, buffer.length));
}

export function peak(buffer: Float32Array): number {
  let max = 0;
  for (let i = 0; i < buffer.length; i++) max = Math.max(max, Math.abs(buffer[i]!));
  return max;
}

/** Feedback echo with a damped (low-passed) feedback path, added on top of the dry signal. */
export function applyDelay(buffer: Float32Array, delaySamples: number, feedback: number, wet: number): void {
  const line = new Float32Array(Math.max(1, Math.round(delaySamples)));
  let position = 0;
  let damped = 0;
  for (let i = 0; i < buffer.length; i++) {
    const delayed = line[position]!;
    damped += 0.35 * (delayed - damped);
    line[position] = buffer[i]! + damped * feedback;
    buffer[i] = buffer[i]! + delayed * wet;
    position = position + 1 === line.length ? 0 : position + 1;
  }
}

/** Feedback comb with a one-pole low-pass in the loop (Freeverb style). */
class DampedComb {
  private readonly line: Float32Array;
  private readonly feedback: number;
  private readonly damping: number;
  private position = 0;
  private state = 0;

  constructor(length: number, feedback: number, damping: number) {
    this.line = new Float32Array(length);
    this.feedback = feedback;
    this.damping = damping;
  }

  process(input: number): number {
    const out = this.line[this.position]!;
    this.state = out + (this.state - out) * this.damping;
    this.line[this.position] = input + this.state * this.feedback;
    this.position = this.position + 1 === this.line.length ? 0 : this.position + 1;
    return out;
  }
}

/** Schroeder allpass diffuser. */
class Allpass {
  private readonly line: Float32Array;
  private position = 0;

  constructor(length: number) {
    this.line = new Float32Array(length);
  }

  process(input: number): number {
    const delayed = this.line[this.position]!;
    this.line[this.position] = input + delayed * 0.5;
    this.position = this.position + 1 === this.line.length ? 0 : this.position + 1;
    return delayed - input;
  }
}

/** Compact Freeverb-style mono reverb (4 damped combs + 2 allpasses), mixed in place. */
export function applyReverb(buffer: Float32Array, wet: number, roomSize: number): void {
  const damping = 0.3;
  const c1 = new DampedComb(1116, roomSize, damping);
  const c2 = new DampedComb(1188, roomSize, damping);
  const c3 = new DampedComb(1277, roomSize, damping);
  const c4 = new DampedComb(1356, roomSize, damping);
  const a1 = new Allpass(556);
  const a2 = new Allpass(441);
  const inputGain = 0.12;
  for (let i = 0; i < buffer.length; i++) {
    const dry = buffer[i]!;
    const input = dry * inputGain;
    const combs = c1.process(input) + c2.process(input) + c3.process(input) + c4.process(input);
    buffer[i] = dry + a2.process(a1.process(combs)) * wet;
  }
}
