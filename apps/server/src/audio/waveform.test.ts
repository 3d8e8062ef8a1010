import { describe, expect, it } from 'vitest';
import { WaveformBuilder } from './waveform.js';

const RATE = 44100;

/** Left: a 220 Hz sine whose amplitude rises linearly from 0 to 1 over the signal; right: silence. */
function rampedSine(seconds: number): Float32Array {
  const frames = Math.round(seconds * RATE);
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) out[2 * i] = (i / frames) * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return out;
}

function build(pcm: Float32Array, channels: number, chunk: number, target?: number) {
  const builder = new WaveformBuilder(RATE, channels);
  for (let at = 0; at < pcm.length; at += chunk) builder.push(pcm.subarray(at, Math.min(pcm.length, at + chunk)));
  return builder.finish(target);
}

describe('WaveformBuilder', () => {
  it('writes the audiowaveform v2 JSON shape with about the asked number of pixels', () => {
    const pcm = rampedSine(60);
    const waveform = build(pcm, 2, 2 * 4096);
    expect(waveform).toMatchObject({ version: 2, channels: 1, sample_rate: RATE, bits: 8 });
    expect(waveform.length).toBeLessThanOrEqual(1000);
    expect(waveform.length).toBeGreaterThanOrEqual(950);
    expect(waveform.data).toHaveLength(waveform.length * 2);
    const frames = pcm.length / 2;
    expect(waveform.samples_per_pixel * waveform.length).toBeGreaterThanOrEqual(frames);
    expect(waveform.samples_per_pixel * (waveform.length - 1)).toBeLessThan(frames);
    for (const v of waveform.data) expect(Number.isInteger(v) && v >= -128 && v <= 127).toBe(true);
  });

  it('follows the envelope, taking min and max over all channels', () => {
    const pcm = rampedSine(60);
    const frames = pcm.length / 2;
    const waveform = build(pcm, 2, 2 * 4096);
    const spp = waveform.samples_per_pixel;
    for (let p = 0; p < waveform.length; p++) {
      // The loudest point of a pixel is near its end, where the ramp is highest; a 220 Hz cycle fits in any pixel.
      const envelope = Math.min(frames, (p + 1) * spp) / frames;
      expect(Math.abs(waveform.data[2 * p + 1]! - 127 * envelope)).toBeLessThanOrEqual(2);
      expect(Math.abs(waveform.data[2 * p]! + 127 * envelope)).toBeLessThanOrEqual(2);
    }
  });

  it('gives the same peaks however the stream is chunked', () => {
    const pcm = rampedSine(7);
    const reference = build(pcm, 2, pcm.length);
    expect(build(pcm, 2, 2 * 333)).toEqual(reference);
    expect(build(pcm, 2, 2)).toEqual(reference);
  });

  it('keeps memory bounded on long audio and still places a single spike in the right pixel', () => {
    // 150 s of mono silence is past the point where fine buckets are merged in pairs.
    const frames = 150 * RATE;
    const pcm = new Float32Array(frames);
    const spike = 5_000_017;
    pcm[spike] = 0.9;
    pcm[spike + 1] = -0.5;
    const waveform = build(pcm, 1, 65536);
    expect(waveform.length).toBeLessThanOrEqual(1000);
    expect(waveform.length).toBeGreaterThan(950);
    const pixel = Math.floor(spike / waveform.samples_per_pixel);
    for (let p = 0; p < waveform.length; p++) {
      const [lo, hi] = [waveform.data[2 * p], waveform.data[2 * p + 1]];
      if (p === pixel) expect([lo, hi]).toEqual([Math.round(-0.5 * 127), Math.round(0.9 * 127)]);
      else expect([lo, hi]).toEqual([0, 0]);
    }
  });

  it('handles audio shorter than the target and empty input', () => {
    const short = build(rampedSine(0.1), 2, 1024);
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThanOrEqual(1000);
    expect(short.samples_per_pixel * short.length).toBeGreaterThanOrEqual(0.1 * RATE);
    expect(new WaveformBuilder(RATE, 2).finish()).toMatchObject({ length: 0, data: [] });
  });

  it('honours a smaller target and clips full-scale values to the 8-bit range', () => {
    const pcm = new Float32Array(10 * RATE).fill(1);
    for (let i = 1; i < pcm.length; i += 2) pcm[i] = -1;
    const waveform = build(pcm, 1, 8192, 100);
    expect(waveform.length).toBeLessThanOrEqual(100);
    expect(waveform.length).toBeGreaterThan(90);
    expect(new Set(waveform.data.filter((_, i) => i % 2 === 1))).toEqual(new Set([127]));
    expect(new Set(waveform.data.filter((_, i) => i % 2 === 0))).toEqual(new Set([-127]));
  });
});
