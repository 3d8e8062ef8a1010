import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness.js';
import { sine } from './test-support.js';

/** A 997 Hz sine, the reference tone of BS.1770's examples. */
const tone = (seconds: number, amplitude: number, channels: number, rate = 44100, freq = 997) => sine(seconds, freq, amplitude, channels, rate);

function measure(pcm: Float32Array, channels: number, rate = 44100, chunk = pcm.length): number | null {
  const meter = new LoudnessMeter(rate, channels);
  for (let at = 0; at < pcm.length; at += chunk) meter.push(pcm.subarray(at, Math.min(pcm.length, at + chunk)));
  return meter.integratedLufs();
}

const dbfs = (db: number) => 10 ** (db / 20);

describe('LoudnessMeter', () => {
  it.each([-20, -6, -30])('reads a stereo 997 Hz sine at %d dBFS as that many LUFS', (db) => {
    expect(Math.abs(measure(tone(5, dbfs(db), 2), 2)! - db)).toBeLessThan(0.3);
  });

  it('drops by 6 LU for 6 dB less gain', () => {
    const loud = measure(tone(5, 0.4, 2), 2)!;
    const quiet = measure(tone(5, 0.4 * dbfs(-6), 2), 2)!;
    expect(loud - quiet).toBeCloseTo(6, 2);
  });

  it('weights frequencies: 100 Hz reads lower than 997 Hz and 4 kHz higher, as K-weighting does', () => {
    const at997 = measure(tone(5, 0.1, 2), 2)!;
    const at100 = measure(tone(5, 0.1, 2, 44100, 100), 2)!;
    const at4k = measure(tone(5, 0.1, 2, 44100, 4000), 2)!;
    expect(at100).toBeLessThan(at997 - 0.3);
    expect(at4k - at997).toBeGreaterThan(2.5);
    expect(at4k - at997).toBeLessThan(4.5);
  });

  it('reads a mono signal 3 dB lower than the same signal in both stereo channels', () => {
    const stereo = measure(tone(5, 0.1, 2), 2)!;
    const mono = measure(tone(5, 0.1, 1), 1)!;
    expect(stereo - mono).toBeCloseTo(3.01, 1);
  });

  it('gives the same answer at 48 kHz', () => {
    expect(measure(tone(5, 0.1, 2, 48000), 2, 48000)).toBeCloseTo(measure(tone(5, 0.1, 2), 2)!, 1);
  });

  it('does not depend on how the stream is chunked', () => {
    const pcm = tone(3, 0.2, 2);
    const whole = measure(pcm, 2)!;
    expect(measure(pcm, 2, 44100, 2 * 1013)).toBeCloseTo(whole, 9);
    expect(measure(pcm, 2, 44100, 2 * 4410)).toBeCloseTo(whole, 9);
  });

  it('gates out quiet passages relative to the loud ones', () => {
    const loud = tone(10, dbfs(-20), 2);
    const quiet = tone(10, dbfs(-50), 2);
    const both = new Float32Array(loud.length + quiet.length);
    both.set(loud);
    both.set(quiet, loud.length);
    // Ungated, the quiet half would pull the mean down by about 3 LU.
    expect(Math.abs(measure(both, 2)! + 20)).toBeLessThan(0.3);
  });

  it('returns null for silence and for less than one 400 ms block', () => {
    expect(measure(new Float32Array(44100 * 2 * 3), 2)).toBeNull();
    expect(measure(tone(0.3, 0.5, 2), 2)).toBeNull();
    expect(measure(tone(3, dbfs(-80), 2), 2)).toBeNull();
  });

  it('refuses a chunk that is not a whole number of frames', () => {
    expect(() => new LoudnessMeter(44100, 2).push(new Float32Array(3))).toThrow(RangeError);
  });
});
