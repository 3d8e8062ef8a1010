import { describe, expect, it } from 'vitest';
import { LIMITER_THRESHOLD, softLimit, TagMixer, tagGain, tagOffsets } from './tag-mixer.js';

describe('tagOffsets', () => {
  const schedule = { firstOffsetSeconds: 3, intervalSeconds: 25 };

  it('places a tag every interval after the first while the whole tag fits', () => {
    expect(tagOffsets(60, 2, schedule)).toEqual([3, 28, 53]);
    expect(tagOffsets(55, 2, schedule)).toEqual([3, 28, 53]);
    expect(tagOffsets(54.99, 2, schedule)).toEqual([3, 28]);
    expect(tagOffsets(10, 2, { firstOffsetSeconds: 0, intervalSeconds: 5 })).toEqual([0, 5]);
  });

  it('never leaves a beat untagged: one tag as near the first offset as fits, cut short if need be', () => {
    expect(tagOffsets(4, 2, schedule)).toEqual([2]);
    expect(tagOffsets(1.5, 2, schedule)).toEqual([0]);
    expect(tagOffsets(0, 2, schedule)).toEqual([]);
  });

  it('refuses a schedule that would never advance', () => {
    expect(() => tagOffsets(60, 2, { firstOffsetSeconds: 3, intervalSeconds: 0 })).toThrow(RangeError);
  });
});

describe('tagGain', () => {
  it('moves the tag to the beat loudness plus the level', () => {
    expect(tagGain(-10, -20, 0)).toBeCloseTo(10 ** (10 / 20), 9);
    expect(tagGain(-10, -20, -6)).toBeCloseTo(10 ** (4 / 20), 9);
    expect(tagGain(-20, -10, 3)).toBeCloseTo(10 ** (-7 / 20), 9);
  });

  it('assumes -14 LUFS for a beat of unknown loudness and leaves a tag of unknown loudness at its level', () => {
    expect(tagGain(null, -20, 0)).toBeCloseTo(10 ** (6 / 20), 9);
    expect(tagGain(-10, null, 0)).toBe(1);
    expect(tagGain(-10, null, -6)).toBeCloseTo(10 ** (-6 / 20), 9);
  });

  it('clamps the gain to [0.01, 20]', () => {
    expect(tagGain(0, -80, 0)).toBe(20);
    expect(tagGain(-80, 0, 0)).toBe(0.01);
  });
});

describe('softLimit', () => {
  it('passes samples up to the threshold untouched and never exceeds full scale', () => {
    for (const x of [0, 0.1, -0.5, LIMITER_THRESHOLD, -LIMITER_THRESHOLD]) expect(softLimit(x)).toBe(x);
    for (const x of [0.95, 1, 2, 50, 1e6]) {
      expect(softLimit(x)).toBeLessThanOrEqual(1);
      expect(softLimit(-x)).toBe(-softLimit(x));
    }
  });

  it('is continuous in value and slope at the knee, and monotonic above it', () => {
    const h = 1e-6;
    expect(softLimit(LIMITER_THRESHOLD + h)).toBeCloseTo(LIMITER_THRESHOLD + h, 9);
    const slopeAbove = (softLimit(LIMITER_THRESHOLD + 2 * h) - softLimit(LIMITER_THRESHOLD + h)) / h;
    expect(slopeAbove).toBeCloseTo(1, 4);
    let previous = softLimit(LIMITER_THRESHOLD);
    for (let x = LIMITER_THRESHOLD + 0.01; x < 1.5; x += 0.01) {
      const y = softLimit(x);
      expect(y).toBeGreaterThan(previous);
      previous = y;
    }
  });
});

describe('TagMixer', () => {
  const channels = 2;

  /** A reference mix built the slow way: the whole beat at once, every tag instance added, then limited. */
  function reference(beat: Float32Array, tag: Float32Array, gain: number, offsets: number[]): Float32Array {
    const out = Float64Array.from(beat);
    for (const offset of offsets) {
      for (let i = 0; i < tag.length && offset * channels + i < out.length; i++) out[offset * channels + i]! += tag[i]! * gain;
    }
    return Float32Array.from(out, softLimit);
  }

  function streamed(mixer: TagMixer, beat: Float32Array, chunkFrames: number[]): Float32Array {
    const out = new Float32Array(beat.length);
    let at = 0;
    let k = 0;
    while (at < beat.length) {
      const size = chunkFrames[k++ % chunkFrames.length]! * channels;
      const chunk = beat.subarray(at, Math.min(beat.length, at + size));
      out.set(mixer.process(chunk), at);
      at += chunk.length;
    }
    return out;
  }

  const beat = Float32Array.from({ length: 2000 * channels }, (_, i) => 0.3 * Math.sin(i / 7));
  const tag = Float32Array.from({ length: 300 * channels }, (_, i) => ((i % 50) - 25) / 100);

  it('adds the tag at each offset, whatever the chunk sizes', () => {
    const offsets = [100, 900, 1850];
    const expected = reference(beat, tag, 0.5, offsets);
    expect(streamed(new TagMixer(tag, 0.5, offsets, channels), beat, [2000])).toEqual(expected);
    expect(streamed(new TagMixer(tag, 0.5, offsets, channels), beat, [1, 77, 300, 13])).toEqual(expected);
  });

  it('sums instances that overlap when the interval is shorter than the tag', () => {
    const offsets = [100, 250];
    const out = streamed(new TagMixer(tag, 1, offsets, channels), beat, [64]);
    const expected = reference(beat, tag, 1, offsets);
    // The mixer sums in float32, so two overlapping instances round a little differently from the float64 reference.
    for (let i = 0; i < out.length; i++) expect(Math.abs(out[i]! - expected[i]!)).toBeLessThan(1e-6);
    const i = 260 * channels;
    expect(out[i]).toBeCloseTo(softLimit(beat[i]! + tag[(260 - 100) * channels]! + tag[(260 - 250) * channels]!), 6);
  });

  it('leaves the input chunk as it was and limits loud sums below full scale', () => {
    const loudBeat = new Float32Array(400 * channels).fill(0.8);
    const copy = Float32Array.from(loudBeat);
    const out = new TagMixer(new Float32Array(100 * channels).fill(0.8), 3, [50], channels).process(loudBeat);
    expect(loudBeat).toEqual(copy);
    expect(Math.max(...out)).toBeLessThanOrEqual(1);
    expect(out[60 * channels]).toBeGreaterThan(0.99);
    expect(out[10 * channels]).toBeCloseTo(0.8, 6);
  });
});
