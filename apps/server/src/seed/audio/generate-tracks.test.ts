import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { parseBuffer } from 'music-metadata';
import { type GeneratedTrack, generateTrack } from './generate-tracks.js';
import { planTrack } from './track-plan.js';
import { decodeWav } from './wav.js';
import { summarizeMp3 } from './mp3.js';

const SLOW = 60_000;

function peakOf(samples: Int16Array): number {
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  return max / 32768;
}

function rmsOf(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / samples.length);
}

describe('generateTrack', () => {
  let track: GeneratedTrack;

  beforeAll(async () => {
    track = await generateTrack(5, { bpm: 140, withStems: true });
  }, SLOW);

  it('reports the tempo and a default length of a whole number of bars within 24–32 s', () => {
    expect(track.index).toBe(5);
    expect(track.bpm).toBe(140);
    expect(track.durationSeconds).toBeGreaterThanOrEqual(24);
    expect(track.durationSeconds).toBeLessThanOrEqual(32);
    const bars = (track.durationSeconds * track.bpm) / 240;
    expect(Math.abs(bars - Math.round(bars))).toBeLessThan(1e-3);
  });

  it('encodes the MP3 a buyer downloads at 320 kbps constant bitrate, stereo, 44.1 kHz, matching the duration', async () => {
    const mp3 = track.mp3;
    const startsWithSync = mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0;
    const startsWithId3 = mp3.subarray(0, 3).toString('latin1') === 'ID3';
    expect(startsWithSync || startsWithId3).toBe(true);
    const expectedBytes = (320_000 / 8) * track.durationSeconds;
    expect(mp3.length).toBeGreaterThan(expectedBytes * 0.9);
    expect(mp3.length).toBeLessThan(expectedBytes * 1.1);
    const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format).toMatchObject({ codec: 'MPEG 1 Layer 3', codecProfile: 'CBR', bitrate: 320_000, numberOfChannels: 2, sampleRate: 44_100 });
    const summary = summarizeMp3(mp3);
    expect(summary.bitrateKbps).toBe(320);
    expect(summary.durationSeconds).toBeGreaterThan(track.durationSeconds - 0.05);
    expect(summary.durationSeconds).toBeLessThan(track.durationSeconds + 0.2);
  });

  it('writes a valid 16-bit 44.1 kHz WAV whose data length matches the duration', () => {
    const wav = track.wav;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    const info = decodeWav(wav);
    expect(info.sampleRate).toBe(44100);
    expect(info.bitsPerSample).toBe(16);
    expect(info.channels).toBe(1);
    expect(wav.readUInt32LE(28)).toBe(44100 * info.channels * 2);
    const dataBytes = wav.readUInt32LE(40);
    expect(dataBytes).toBe(wav.length - 44);
    expect(dataBytes).toBe(Math.round(track.durationSeconds * 44100) * 2);
  });

  it('produces a mix that is neither silent nor clipped, with faded edges', () => {
    const { samples } = decodeWav(track.wav);
    expect(peakOf(samples)).toBeLessThan(0.95);
    expect(rmsOf(samples)).toBeGreaterThan(0.08);
    expect(Math.abs(samples[0]!)).toBeLessThan(50);
    expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(50);
  });

  it('zips drums, bass, chords and melody stems that sum to the mix', () => {
    const files = unzipSync(new Uint8Array(track.stemsZip!));
    expect(Object.keys(files).sort()).toEqual(['bass.wav', 'chords.wav', 'drums.wav', 'melody.wav']);
    const mix = decodeWav(track.wav).samples;
    const stems = Object.values(files).map((file) => decodeWav(file).samples);
    let maxError = 0;
    for (const stem of stems) {
      expect(stem.length).toBe(mix.length);
      expect(rmsOf(stem)).toBeGreaterThan(0.01);
    }
    for (let i = 0; i < mix.length; i++) {
      const sum = stems.reduce((total, stem) => total + stem[i]!, 0);
      maxError = Math.max(maxError, Math.abs(sum - mix[i]!));
    }
    expect(maxError).toBeLessThanOrEqual(stems.length); // rounding of each 16-bit stem
  });

  it('is deterministic: the same index gives identical bytes', async () => {
    const a = await generateTrack(11, { bpm: 95, seconds: 6, withStems: true });
    const b = await generateTrack(11, { bpm: 95, seconds: 6, withStems: true });
    expect(a.wav.equals(b.wav)).toBe(true);
    expect(a.mp3.equals(b.mp3)).toBe(true);
    expect(a.stemsZip!.equals(b.stemsZip!)).toBe(true);
  }, SLOW);

  it('gives different audio for different indices', async () => {
    const a = await generateTrack(11, { bpm: 95, seconds: 6, withStems: false });
    const b = await generateTrack(12, { bpm: 95, seconds: 6, withStems: false });
    expect(a.stemsZip).toBeUndefined();
    expect(a.wav.length).toBe(b.wav.length);
    expect(a.wav.equals(b.wav)).toBe(false);
    expect(a.mp3.equals(b.mp3)).toBe(false);
  }, SLOW);

  it('rounds the requested length to whole bars and clamps the tempo', async () => {
    const fast = await generateTrack(3, { bpm: 300, seconds: 4, withStems: false });
    expect(fast.bpm).toBe(180);
    expect(fast.durationSeconds).toBeCloseTo((3 * 240) / 180, 5);
    await expect(generateTrack(-1, { bpm: 120, withStems: false })).rejects.toThrow(RangeError);
  }, SLOW);
});

describe('planTrack', () => {
  it('gives the first 24 indices distinct style combinations covering every option', () => {
    const plans = Array.from({ length: 24 }, (_, i) => planTrack(i, 120));
    const signatures = new Set(plans.map((p) => [p.drumStyle, p.bassKind, p.leadKind, p.mode].join('/')));
    expect(signatures.size).toBe(24);
    expect(new Set(plans.map((p) => p.drumStyle)).size).toBe(4);
    expect(new Set(plans.map((p) => p.mode)).size).toBe(4);
    expect(new Set(plans.map((p) => p.bassKind)).size).toBe(2);
    expect(new Set(plans.map((p) => p.leadKind)).size).toBe(3);
    expect(new Set(plans.map((p) => p.progression.join())).size).toBeGreaterThan(8);
    expect(new Set(plans.map((p) => p.tonicPitchClass)).size).toBeGreaterThan(6);
  });
});
