/**
 * Integrated loudness per ITU-R BS.1770-4, measured while streaming: K-weighting, 400 ms blocks every 100 ms,
 * an absolute gate at -70 LUFS and a relative gate 10 LU below the ungated mean.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The K-weighting stages as pyloudnorm derives them for any sample rate (RBJ cookbook shelf and high-pass), so
 * 44.1 kHz gets filters of its own rather than the 48 kHz coefficients printed in the standard.
 */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelf = (() => {
    const gainDb = 4.0;
    const q = 1 / Math.sqrt(2);
    const fc = 1500.0;
    const A = 10 ** (gainDb / 40);
    const w0 = (2 * Math.PI * fc) / sampleRate;
    const alpha = Math.sin(w0) / (2 * q);
    const cos = Math.cos(w0);
    const sqrtA = Math.sqrt(A);
    const a0 = A + 1 - (A - 1) * cos + 2 * sqrtA * alpha;
    return {
      b0: (A * (A + 1 + (A - 1) * cos + 2 * sqrtA * alpha)) / a0,
      b1: (-2 * A * (A - 1 + (A + 1) * cos)) / a0,
      b2: (A * (A + 1 + (A - 1) * cos - 2 * sqrtA * alpha)) / a0,
      a1: (2 * (A - 1 - (A + 1) * cos)) / a0,
      a2: (A + 1 - (A - 1) * cos - 2 * sqrtA * alpha) / a0,
    };
  })();
  const highPass = (() => {
    const q = 0.5;
    const fc = 38.0;
    const w0 = (2 * Math.PI * fc) / sampleRate;
    const alpha = Math.sin(w0) / (2 * q);
    const cos = Math.cos(w0);
    const a0 = 1 + alpha;
    return {
      b0: (1 + cos) / 2 / a0,
      b1: -(1 + cos) / a0,
      b2: (1 + cos) / 2 / a0,
      a1: (-2 * cos) / a0,
      a2: (1 - alpha) / a0,
    };
  })();
  return [shelf, highPass];
}

/** Channel weights of BS.1770 as pyloudnorm applies them: 1.0 for L, R, C and 1.41 for the two surrounds. */
function channelWeight(index: number): number {
  return index >= 3 ? 1.41 : 1.0;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const HOPS_PER_BLOCK = 4;

function lufs(meanSquare: number): number {
  return -0.691 + 10 * Math.log10(meanSquare);
}

export class LoudnessMeter {
  private readonly stages: [Biquad, Biquad];
  /** Transposed direct form II state: two values per stage, two stages, per channel. */
  private readonly state: Float64Array;
  private readonly weights: Float64Array;
  private readonly hopFrames: number;
  private readonly hopEnergy: Float64Array;
  private hopFill = 0;
  /** Weighted sums of squares of the last completed hops; a block is the latest four. */
  private recentHops: number[] = [];
  /** Weighted mean square of every 400 ms block. */
  private readonly blocks: number[] = [];

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`channels must be a positive integer, got ${channels}`);
    if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${sampleRate}`);
    this.stages = kWeighting(sampleRate);
    this.state = new Float64Array(channels * 4);
    this.weights = Float64Array.from({ length: channels }, (_, i) => channelWeight(i));
    this.hopFrames = Math.round(sampleRate * 0.1);
    this.hopEnergy = new Float64Array(channels);
  }

  push(interleaved: Float32Array): void {
    const channels = this.channels;
    if (interleaved.length % channels !== 0) throw new RangeError('The chunk is not a whole number of frames.');
    const frames = interleaved.length / channels;
    let frame = 0;
    while (frame < frames) {
      const run = Math.min(frames - frame, this.hopFrames - this.hopFill);
      for (let c = 0; c < channels; c++) this.filterRun(interleaved, frame, run, c);
      frame += run;
      this.hopFill += run;
      if (this.hopFill === this.hopFrames) this.completeHop();
    }
  }

  private filterRun(interleaved: Float32Array, firstFrame: number, frames: number, channel: number): void {
    const [s, h] = this.stages;
    const state = this.state;
    const base = channel * 4;
    let s1 = state[base]!;
    let s2 = state[base + 1]!;
    let h1 = state[base + 2]!;
    let h2 = state[base + 3]!;
    let energy = 0;
    const step = this.channels;
    const end = (firstFrame + frames) * step;
    for (let i = firstFrame * step + channel; i < end; i += step) {
      const x = interleaved[i]!;
      const y = s.b0 * x + s1;
      s1 = s.b1 * x - s.a1 * y + s2;
      s2 = s.b2 * x - s.a2 * y;
      const z = h.b0 * y + h1;
      h1 = h.b1 * y - h.a1 * z + h2;
      h2 = h.b2 * y - h.a2 * z;
      energy += z * z;
    }
    state[base] = s1;
    state[base + 1] = s2;
    state[base + 2] = h1;
    state[base + 3] = h2;
    this.hopEnergy[channel]! += energy;
  }

  private completeHop(): void {
    let weighted = 0;
    for (let c = 0; c < this.channels; c++) {
      weighted += this.weights[c]! * this.hopEnergy[c]!;
      this.hopEnergy[c] = 0;
    }
    this.hopFill = 0;
    this.recentHops.push(weighted);
    if (this.recentHops.length > HOPS_PER_BLOCK) this.recentHops.shift();
    if (this.recentHops.length === HOPS_PER_BLOCK) {
      const sum = this.recentHops.reduce((a, b) => a + b, 0);
      this.blocks.push(sum / (HOPS_PER_BLOCK * this.hopFrames));
    }
  }

  /** Gated loudness of everything pushed so far; null when no block passes the gates (silence, or under 400 ms). */
  integratedLufs(): number | null {
    const loudEnough = this.blocks.filter((z) => z > 0 && lufs(z) > ABSOLUTE_GATE_LUFS);
    if (loudEnough.length === 0) return null;
    const relativeGate = lufs(mean(loudEnough)) + RELATIVE_GATE_LU;
    const gated = loudEnough.filter((z) => lufs(z) > relativeGate);
    if (gated.length === 0) return null;
    return lufs(mean(gated));
  }
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
