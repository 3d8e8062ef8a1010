/**
 * The store's built-in sound logo, synthesised rather than recorded so it ships as code: a rising FM whoosh with
 * a noise swell, into three bright FM bell notes (A major, rising) with a shimmer of noise under them. The noise,
 * the sweep and the vibrato make its autocorrelation one sharp peak, so it can be found in a mix by cross-correlation.
 */
import { seededRandom } from './seeded-random.js';

export { encodeWavStereo16 } from './wav-writer.js';

const DURATION_SECONDS = 2.0;
const PEAK = 10 ** (-3 / 20);
const WHOOSH_SECONDS = 0.5;
const SHIMMER_LEVEL = 0.45;
const NOTES = [
  { at: 0.5, freq: 880.0, pan: -0.35, decay: 0.3, vibratoPhase: 0 },
  { at: 0.66, freq: 1108.73, pan: 0.35, decay: 0.3, vibratoPhase: 2.1 },
  { at: 0.82, freq: 1318.51, pan: 0.0, decay: 0.4, vibratoPhase: 4.2 },
];
/** A vibraphone-like vibrato (±0.6 % at 5.5 Hz): musical, and it keeps the held notes from repeating exactly. */
const VIBRATO_DEPTH = 0.006;
const VIBRATO_HZ = 5.5;

/** White noise that is mostly the same in both channels, with a little difference for width. */
function stereoNoise(rand: () => number): [number, number] {
  const mid = rand() * 2 - 1;
  const side = (rand() * 2 - 1) * 0.35;
  return [mid + side, mid - side];
}

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/** Interleaved stereo float PCM of the logo at `sampleRate`, peaking at -3 dBFS. */
export function generateDefaultTag(sampleRate = 44100): Float32Array {
  const frames = Math.round(DURATION_SECONDS * sampleRate);
  const left = new Float64Array(frames);
  const right = new Float64Array(frames);
  const rand = seededRandom(0x5eed7a9);
  addWhoosh(left, right, sampleRate, rand);
  for (const note of NOTES) addBell(left, right, sampleRate, note);
  addShimmer(left, right, sampleRate, rand);

  const fadeIn = Math.round(0.008 * sampleRate);
  const fadeOut = Math.round(0.25 * sampleRate);
  let peak = 0;
  for (let i = 0; i < frames; i++) {
    const edge = Math.min(1, i / fadeIn, (frames - 1 - i) / fadeOut);
    const gain = Math.sin((Math.PI / 2) * Math.max(0, edge)) ** 2;
    left[i]! *= gain;
    right[i]! *= gain;
    peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  }
  const scale = PEAK / peak;
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    out[2 * i] = left[i]! * scale;
    out[2 * i + 1] = right[i]! * scale;
  }
  return out;
}

/** An exponential FM sweep 220 Hz → 3.5 kHz with a brightening noise swell, each side slightly different for width. */
function addWhoosh(left: Float64Array, right: Float64Array, sampleRate: number, rand: () => number): void {
  const n = Math.min(left.length, Math.round((WHOOSH_SECONDS + 0.04) * sampleRate));
  let carrierPhase = 0;
  let modPhase = 0;
  let lowL = 0;
  let lowR = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const x = t / WHOOSH_SECONDS;
    const freq = 220 * 16 ** Math.min(1, x);
    carrierPhase += (2 * Math.PI * freq) / sampleRate;
    modPhase += (2 * Math.PI * freq * 1.5) / sampleRate;
    const index = 3 * smoothstep(x);
    // Swells in, then drops away fast so the first bell lands on a clean attack.
    const env = smoothstep(x * 1.15) * (1 - smoothstep((t - WHOOSH_SECONDS + 0.01) / 0.05));
    const tone = Math.sin(carrierPhase + index * Math.sin(modPhase)) * 0.35 * env;
    // One-pole low-pass whose cutoff rises with the sweep: the noise opens up from a rumble to a hiss.
    const k = Math.min(0.95, 0.02 + 0.9 * x * x);
    const [l, r] = stereoNoise(rand);
    lowL += k * (l - lowL);
    lowR += k * (r - lowR);
    left[i]! += tone + lowL * 0.45 * env;
    right[i]! += tone * 0.9 + lowR * 0.45 * env;
  }
}

/** An FM bell: inharmonic modulator (ratio √2) whose index decays toward a floor, a short pitch drop and vibrato. */
function addBell(
  left: Float64Array,
  right: Float64Array,
  sampleRate: number,
  note: (typeof NOTES)[number],
): void {
  const start = Math.round(note.at * sampleRate);
  const gainL = Math.cos(((note.pan + 1) * Math.PI) / 4);
  const gainR = Math.sin(((note.pan + 1) * Math.PI) / 4);
  let phase = 0;
  let modPhase = 0;
  let barPhase = 0;
  for (let i = start; i < left.length; i++) {
    const t = (i - start) / sampleRate;
    const env = Math.min(1, t / 0.003) * Math.exp(-t / note.decay);
    if (env < 1e-4 && t > 0.01) break;
    const glide = 1 + 0.03 * Math.exp(-t / 0.02);
    const vibrato = 1 + VIBRATO_DEPTH * Math.min(1, t / 0.15) * Math.sin(2 * Math.PI * VIBRATO_HZ * t + note.vibratoPhase);
    const freq = note.freq * glide * vibrato;
    phase += (2 * Math.PI * freq) / sampleRate;
    modPhase += (2 * Math.PI * freq * Math.SQRT2) / sampleRate;
    const index = 0.8 + 1.6 * Math.exp(-t / 0.12);
    barPhase += (2 * Math.PI * freq * 2.76) / sampleRate;
    const mod = index * Math.sin(modPhase) + 0.7 * Math.exp(-t / 0.5) * Math.sin(barPhase);
    const pluck = 0.25 * Math.exp(-t / 0.04);
    // Width comes from panning alone: detuned sides would beat against each other and hollow out the mono sum.
    const v = (Math.sin(phase + mod) + pluck * Math.sin(2 * phase)) * env * 0.5;
    left[i]! += v * gainL;
    right[i]! += v * gainR;
  }
}

/**
 * Band-passed noise (about 1.5–4 kHz) under the bells, fading with them: an airy shimmer that keeps the logo from
 * being periodic, in a band that survives the low sample rates used to find the tag in a mix.
 */
function addShimmer(left: Float64Array, right: Float64Array, sampleRate: number, rand: () => number): void {
  const start = Math.round(WHOOSH_SECONDS * sampleRate);
  const wide = 1 - Math.exp((-2 * Math.PI * 4000) / sampleRate);
  const narrow = 1 - Math.exp((-2 * Math.PI * 1500) / sampleRate);
  const state = [0, 0, 0, 0];
  for (let i = start; i < left.length; i++) {
    const t = (i - start) / sampleRate;
    const env = SHIMMER_LEVEL * Math.min(1, t / 0.02) * Math.exp(-t / 0.7);
    const [nL, nR] = stereoNoise(rand);
    state[0]! += wide * (nL - state[0]!);
    state[1]! += narrow * (nL - state[1]!);
    state[2]! += wide * (nR - state[2]!);
    state[3]! += narrow * (nR - state[3]!);
    left[i]! += (state[0]! - state[1]!) * env;
    right[i]! += (state[2]! - state[3]!) * env;
  }
}
