/**
 * Rational-ratio polyphase windowed-sinc resampler, used to feed the MP3 encoder a lower
 * sample rate than the 44.1 kHz master (lamejs time grows with the number of frames).
 */

const TAPS = 32;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** Blackman-windowed sinc low-pass taps for every output phase, flattened [phase][tap]. */
function buildPolyphaseTable(phases: number, step: number, cutoff: number): Float32Array {
  const table = new Float32Array(phases * TAPS);
  for (let phase = 0; phase < phases; phase++) {
    const fraction = ((phase * step) % phases) / phases;
    let sum = 0;
    for (let k = 0; k < TAPS; k++) {
      const x = k - (TAPS / 2 - 1) - fraction;
      const sinc = x === 0 ? 1 : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x) / (2 * cutoff);
      const w = (x + TAPS / 2) / TAPS;
      const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
      const tap = sinc * window;
      table[phase * TAPS + k] = tap;
      sum += tap;
    }
    for (let k = 0; k < TAPS; k++) table[phase * TAPS + k] = table[phase * TAPS + k]! / sum;
  }
  return table;
}

/** Resamples `input` from `fromRate` to `toRate`, low-passed at ~0.44 × the lower rate. */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input;
  const divisor = greatestCommonDivisor(fromRate, toRate);
  const up = toRate / divisor;
  const down = fromRate / divisor;
  const cutoff = (0.44 * Math.min(fromRate, toRate)) / fromRate;
  const table = buildPolyphaseTable(up, down, cutoff);
  const output = new Float32Array(Math.floor((input.length * up) / down));
  const firstTapOffset = TAPS / 2 - 1;
  for (let n = 0; n < output.length; n++) {
    const base = Math.floor((n * down) / up) - firstTapOffset;
    const row = (n % up) * TAPS;
    let acc = 0;
    if (base >= 0 && base + TAPS <= input.length) {
      for (let k = 0; k < TAPS; k++) acc += input[base + k]! * table[row + k]!;
    } else {
      for (let k = 0; k < TAPS; k++) {
        const index = base + k;
        if (index >= 0 && index < input.length) acc += input[index]! * table[row + k]!;
      }
    }
    output[n] = acc;
  }
  return output;
}
