/**
 * Waveform peaks in the audiowaveform / waveform-data.js JSON format (version 2, 8-bit), built while streaming:
 * the PCM is never kept, only fine min/max buckets that are merged into pixels once the length is known.
 */

export interface WaveformData {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  length: number;
  /** min0, max0, min1, max1, … in -128..127. */
  data: number[];
}

const FIRST_BUCKET_FRAMES = 32;
/** Past this many buckets neighbours are merged in pairs, so memory stays bounded (1 MiB) for hours of audio. */
const MAX_BUCKETS = 1 << 17;

function toInt8(value: number): number {
  const v = Math.round(value * 127);
  return v > 127 ? 127 : v < -128 ? -128 : v;
}

export class WaveformBuilder {
  private bucketFrames = FIRST_BUCKET_FRAMES;
  private mins: Float32Array = new Float32Array(1024);
  private maxs: Float32Array = new Float32Array(1024);
  private count = 0;
  private currentMin = Infinity;
  private currentMax = -Infinity;
  private currentFill = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`channels must be a positive integer, got ${channels}`);
  }

  push(interleaved: Float32Array): void {
    const channels = this.channels;
    if (interleaved.length % channels !== 0) throw new RangeError('The chunk is not a whole number of frames.');
    let i = 0;
    const end = interleaved.length;
    while (i < end) {
      const runFrames = Math.min((end - i) / channels, this.bucketFrames - this.currentFill);
      const runEnd = i + runFrames * channels;
      let lo = this.currentMin;
      let hi = this.currentMax;
      for (; i < runEnd; i++) {
        const v = interleaved[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      this.currentMin = lo;
      this.currentMax = hi;
      this.currentFill += runFrames;
      if (this.currentFill === this.bucketFrames) this.commitBucket();
    }
  }

  private commitBucket(): void {
    if (this.count === this.mins.length) {
      this.mins = grow(this.mins);
      this.maxs = grow(this.maxs);
    }
    this.mins[this.count] = this.currentMin;
    this.maxs[this.count] = this.currentMax;
    this.count++;
    this.currentMin = Infinity;
    this.currentMax = -Infinity;
    this.currentFill = 0;
    // Halving right after a bucket completes keeps every bucket aligned to a multiple of the new size.
    if (this.count === MAX_BUCKETS) this.halve();
  }

  private halve(): void {
    const half = this.count / 2;
    for (let i = 0; i < half; i++) {
      this.mins[i] = Math.min(this.mins[2 * i]!, this.mins[2 * i + 1]!);
      this.maxs[i] = Math.max(this.maxs[2 * i]!, this.maxs[2 * i + 1]!);
    }
    this.count = half;
    this.bucketFrames *= 2;
  }

  /** Peaks of everything pushed so far, at most `targetPixels` long; pushing more afterwards is allowed. */
  finish(targetPixels = 1000): WaveformData {
    if (!Number.isInteger(targetPixels) || targetPixels < 1) {
      throw new RangeError(`targetPixels must be a positive integer, got ${targetPixels}`);
    }
    const buckets = this.count + (this.currentFill > 0 ? 1 : 0);
    const bucketMin = (i: number) => (i < this.count ? this.mins[i]! : this.currentMin);
    const bucketMax = (i: number) => (i < this.count ? this.maxs[i]! : this.currentMax);
    const group = Math.max(1, Math.ceil(buckets / targetPixels));
    const length = Math.ceil(buckets / group);
    const data: number[] = new Array<number>(length * 2);
    for (let p = 0; p < length; p++) {
      let lo = Infinity;
      let hi = -Infinity;
      const last = Math.min(buckets, (p + 1) * group);
      for (let b = p * group; b < last; b++) {
        lo = Math.min(lo, bucketMin(b));
        hi = Math.max(hi, bucketMax(b));
      }
      data[2 * p] = toInt8(lo);
      data[2 * p + 1] = toInt8(hi);
    }
    return {
      version: 2,
      channels: 1,
      sample_rate: this.sampleRate,
      samples_per_pixel: this.bucketFrames * group,
      bits: 8,
      length,
      data,
    };
  }
}

function grow(values: Float32Array): Float32Array {
  const next = new Float32Array(Math.min(values.length * 2, MAX_BUCKETS));
  next.set(values);
  return next;
}
