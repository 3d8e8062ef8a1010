/** Where the store's audio tag goes in a preview, how loud it is, and the streaming mix that puts it there. */

export interface TagSchedule {
  firstOffsetSeconds: number;
  intervalSeconds: number;
}

/** Guards `offset + tag <= duration` against float noise such as 3 + 25·2 + 2 landing a hair above 55. */
const FIT_EPSILON = 1e-9;

/**
 * Tag start times: first + k·interval for every k whose whole tag fits in the beat. When none fits, one tag as
 * close to `first` as fits (cut short if the tag is longer than the beat): a beat is never left untagged.
 */
export function tagOffsets(durationSeconds: number, tagSeconds: number, schedule: TagSchedule): number[] {
  const { firstOffsetSeconds: first, intervalSeconds: interval } = schedule;
  if (!(durationSeconds > 0)) return [];
  if (!(interval > 0)) throw new RangeError(`intervalSeconds must be positive, got ${interval}`);
  if (!(first >= 0)) throw new RangeError(`firstOffsetSeconds must be zero or more, got ${first}`);
  if (!(tagSeconds > 0)) throw new RangeError(`tagSeconds must be positive, got ${tagSeconds}`);
  const offsets: number[] = [];
  for (let k = 0; ; k++) {
    const offset = first + k * interval;
    if (offset + tagSeconds > durationSeconds + FIT_EPSILON) break;
    offsets.push(offset);
  }
  if (offsets.length === 0) offsets.push(Math.max(0, Math.min(first, durationSeconds - tagSeconds)));
  return offsets;
}

/** A beat whose loudness is unknown (silent, or too short to gate) is taken to be as loud as typical streaming masters. */
const ASSUMED_BEAT_LUFS = -14;
const MIN_GAIN = 0.01;
const MAX_GAIN = 20;

/**
 * Linear gain that puts the tag `levelDb` above (or below) the beat's integrated loudness. A tag of unknown
 * loudness is left at its own level, moved only by `levelDb`.
 */
export function tagGain(beatLufs: number | null, tagLufs: number | null, levelDb: number): number {
  if (!Number.isFinite(levelDb)) throw new RangeError(`levelDb must be a finite number, got ${levelDb}`);
  const db = tagLufs === null ? levelDb : (beatLufs ?? ASSUMED_BEAT_LUFS) + levelDb - tagLufs;
  return Math.min(MAX_GAIN, Math.max(MIN_GAIN, 10 ** (db / 20)));
}

/** Below this the limiter passes samples untouched; above it a tanh knee bends them toward full scale. */
export const LIMITER_THRESHOLD = 0.89;

/**
 * Continuous in value and slope at the threshold (tanh(0) = 0, tanh'(0) = 1) and bounded by 1, so peaks the tag
 * adds are rounded off instead of clipping.
 */
export function softLimit(x: number): number {
  const a = x < 0 ? -x : x;
  if (a <= LIMITER_THRESHOLD) return x;
  const headroom = 1 - LIMITER_THRESHOLD;
  const y = LIMITER_THRESHOLD + headroom * Math.tanh((a - LIMITER_THRESHOLD) / headroom);
  return x < 0 ? -y : y;
}

/** Adds the tag at fixed frame offsets to a stream of interleaved chunks and limits the sum. */
export class TagMixer {
  private readonly tagFrames: number;
  private readonly offsets: number[];
  private position = 0;

  constructor(
    private readonly tag: Float32Array,
    private readonly gain: number,
    offsetsFrames: number[],
    private readonly channels: number,
  ) {
    if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`channels must be a positive integer, got ${channels}`);
    if (tag.length % channels !== 0) throw new RangeError('The tag is not a whole number of frames.');
    this.tagFrames = tag.length / channels;
    this.offsets = offsetsFrames.map((o) => Math.max(0, Math.round(o))).sort((a, b) => a - b);
  }

  /** The mixed and limited chunk, as a new array; the input is left as it was. */
  process(chunk: Float32Array): Float32Array {
    const channels = this.channels;
    if (chunk.length % channels !== 0) throw new RangeError('The chunk is not a whole number of frames.');
    const out = new Float32Array(chunk);
    const start = this.position;
    const end = start + chunk.length / channels;
    const { tag, gain } = this;
    for (const offset of this.offsets) {
      if (offset >= end) break;
      const from = Math.max(offset, start);
      const to = Math.min(offset + this.tagFrames, end);
      if (from >= to) continue;
      const outBase = (from - start) * channels;
      const tagBase = (from - offset) * channels;
      const n = (to - from) * channels;
      for (let i = 0; i < n; i++) out[outBase + i]! += tag[tagBase + i]! * gain;
    }
    for (let i = 0; i < out.length; i++) {
      const v = out[i]!;
      if (v > LIMITER_THRESHOLD || v < -LIMITER_THRESHOLD) out[i] = softLimit(v);
    }
    this.position = end;
    return out;
  }
}
