import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { encodeWavStereo16, generateDefaultTag } from './default-tag.js';
import { decodeMono, findTag } from './test-support.js';

function channel(pcm: Float32Array, c: number): Float32Array {
  return Float32Array.from({ length: pcm.length / 2 }, (_, i) => pcm[2 * i + c]!);
}

function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('generateDefaultTag', () => {
  const tag = generateDefaultTag();

  it('is about two seconds of interleaved stereo at the asked rate', () => {
    expect(tag.length % 2).toBe(0);
    const seconds = tag.length / 2 / 44100;
    expect(seconds).toBeGreaterThanOrEqual(1.8);
    expect(seconds).toBeLessThanOrEqual(2.2);
    expect(generateDefaultTag(48000).length / 2 / 48000).toBeCloseTo(seconds, 3);
  });

  it('is the same every time', () => {
    const again = generateDefaultTag();
    expect(Buffer.from(again.buffer).equals(Buffer.from(tag.buffer))).toBe(true);
  });

  it('peaks at -3 dBFS and fades in and out', () => {
    const peak = tag.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(20 * Math.log10(peak)).toBeCloseTo(-3, 1);
    const left = channel(tag, 0);
    const fiveMs = Math.round(0.005 * 44100);
    expect(rms(left, 0, fiveMs)).toBeLessThan(0.01);
    expect(rms(left, left.length - fiveMs)).toBeLessThan(0.01);
    expect(rms(left)).toBeGreaterThan(0.05);
  });

  it('is wider than mono but not two unrelated signals', () => {
    const [l, r] = [channel(tag, 0), channel(tag, 1)];
    let dot = 0;
    for (let i = 0; i < l.length; i++) dot += l[i]! * r[i]!;
    const correlation = dot / (rms(l) * rms(r) * l.length);
    expect(correlation).toBeLessThan(0.98);
    expect(correlation).toBeGreaterThan(0.5);
  });

  it('has one sharp autocorrelation peak, so it can be found in a mix', async () => {
    const mono = await decodeMono(encodeWavStereo16(tag, 44100, 2));
    const rate = 8000;
    const padded = new Float32Array(mono.length + 2 * rate);
    padded.set(mono, rate);
    const found = findTag(padded, mono, rate, 1.2, 0.3);
    expect(found.offsetSeconds).toBe(1);
    expect(found.correlation).toBeCloseTo(1, 6);
    // Every lag more than 2 ms away from the true one matches far worse.
    const earlier = findTag(padded, mono, rate, 1 - 0.151, 0.149);
    const later = findTag(padded, mono, rate, 1 + 0.151, 0.149);
    expect(Math.max(earlier.correlation, later.correlation)).toBeLessThan(0.5);
  });
});

describe('encodeWavStereo16', () => {
  it('writes a 16-bit PCM WAV that music-metadata reads back, clamping out-of-range samples', async () => {
    const pcm = Float32Array.from([0, 0.5, -0.5, 1.5, -1.5, 0.25]);
    const wav = encodeWavStereo16(pcm, 22050, 3);
    const { format } = await parseBuffer(wav);
    expect(format).toMatchObject({ container: 'WAVE', codec: 'PCM', bitsPerSample: 16, sampleRate: 22050, numberOfChannels: 3 });
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    expect(Array.from(samples)).toEqual([0, 16384, -16383, 32767, -32768, 8192]);
  });

  it('refuses PCM that is not a whole number of frames', () => {
    expect(() => encodeWavStereo16(new Float32Array(3), 44100, 2)).toThrow(RangeError);
  });
});
