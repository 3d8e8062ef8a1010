import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness.js';
import { decodeMono, encodeTestMp3, findTag, makeTestBeat } from './test-support.js';

function noise(length: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length }, () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 31 - 1;
  });
}

describe('makeTestBeat', () => {
  it('is deterministic for a seed, different across seeds, and music-loud', () => {
    const a = makeTestBeat(6, { seed: 1 });
    const b = makeTestBeat(6, { seed: 1 });
    const c = makeTestBeat(6, { seed: 2 });
    expect(a.wav.equals(b.wav)).toBe(true);
    expect(a.wav.equals(c.wav)).toBe(false);
    expect(a.pcm.length).toBe(6 * 44100 * 2);
    const meter = new LoudnessMeter(44100, 2);
    meter.push(a.pcm);
    const lufs = meter.integratedLufs()!;
    expect(lufs).toBeGreaterThan(-24);
    expect(lufs).toBeLessThan(-8);
    expect(a.pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeLessThanOrEqual(1);
  });

  it('writes a WAV that holds exactly the returned PCM, in stereo or mono', async () => {
    const { wav, pcm } = makeTestBeat(2, { channels: 1 });
    const { format } = await parseBuffer(wav);
    expect(format).toMatchObject({ container: 'WAVE', numberOfChannels: 1, sampleRate: 44100, bitsPerSample: 16, duration: 2 });
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    for (let i = 0; i < pcm.length; i += 997) expect(samples[i]! / 32767).toBeCloseTo(pcm[i]!, 6);
  });

  it('makes three minutes quickly', () => {
    const started = performance.now();
    const { pcm } = makeTestBeat(180, { seed: 4 });
    const ms = performance.now() - started;
    console.log(`makeTestBeat(180 s): ${ms.toFixed(0)} ms`);
    expect(pcm.length).toBe(180 * 44100 * 2);
  });
});

describe('test MP3s and mono decoding', () => {
  it('encodes at the asked bitrate and decodes back to mono at the asked rate', async () => {
    const { wav } = makeTestBeat(3);
    const mp3 = await encodeTestMp3(wav, 96);
    const { format } = await parseBuffer(mp3);
    expect(format).toMatchObject({ codec: 'MPEG 1 Layer 3', bitrate: 96_000, numberOfChannels: 2 });
    const mono = await decodeMono(mp3);
    // The MP3 carries the encoder's delay and padding (no LAME header on a pipe): a few hundredths of a second.
    expect(mono.length / 8000).toBeGreaterThanOrEqual(3);
    expect(mono.length / 8000).toBeLessThan(3.1);
  });
});

describe('findTag', () => {
  const rate = 8000;
  const tag = noise(rate, 11);

  it('finds a tag planted in a louder signal to the sample, and scores elsewhere low', () => {
    const mix = noise(20 * rate, 12).map((v) => v * 2);
    const at = Math.round(7.3 * rate) + 3;
    for (let i = 0; i < tag.length; i++) mix[at + i]! += tag[i]!;
    const found = findTag(mix, tag, rate, 7.2, 0.3);
    expect(found.offsetSeconds).toBe(at / rate);
    expect(found.correlation).toBeGreaterThan(0.35);
    expect(found.correlation).toBeLessThan(0.6);
    expect(findTag(mix, tag, rate, 12, 0.3).correlation).toBeLessThan(0.1);
  });

  it('compares only the overlapping part near the end of the mix', () => {
    const mix = new Float32Array(3 * rate);
    const at = 2.5 * rate;
    mix.set(tag.subarray(0, mix.length - at), at);
    const found = findTag(mix, tag, rate, 2.4, 0.3);
    expect(found.offsetSeconds).toBe(2.5);
    expect(found.correlation).toBeCloseTo(1, 6);
  });
});
