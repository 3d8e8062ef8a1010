import { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWavStereo16, generateDefaultTag } from './default-tag.js';
import { AudioDecodeError, decodePcm } from './ffmpeg.js';
import { inspectMp3, inspectWav } from './inspect.js';
import { LoudnessMeter } from './loudness.js';
import { analyseAudio, decodeToBuffer, encodeTaggedPreview, measureTag, PREVIEW_BITRATE_KBPS } from './preview.js';
import { byteStream, collect, decodeMono, encodeTestMp3, findTag, makeTestBeat, opener, readAll } from './test-support.js';

const MONO_RATE = 8000;
const schedule = { firstOffsetSeconds: 3, intervalSeconds: 25 };
const tag = generateDefaultTag();
const tagMeasure = measureTag(tag);
let tagMono: Float32Array;

beforeAll(async () => {
  tagMono = await decodeMono(encodeWavStereo16(tag, 44100, 2), MONO_RATE);
});

async function render(source: Buffer, levelDb = 0) {
  const analysis = await analyseAudio(byteStream(source));
  const { mp3, offsetsSeconds } = encodeTaggedPreview(byteStream(source), {
    tag,
    tagLoudnessLufs: tagMeasure.loudnessLufs,
    beatLoudnessLufs: analysis.loudnessLufs,
    durationSeconds: analysis.durationSeconds,
    schedule,
    levelDb,
  });
  return { analysis, offsetsSeconds, mp3: await readAll(mp3) };
}

async function loudnessOf(audio: Buffer): Promise<number | null> {
  const meter = new LoudnessMeter(44100, 2);
  for await (const chunk of decodePcm(byteStream(audio))) meter.push(chunk);
  return meter.integratedLufs();
}

describe('a tagged preview of a 60 s beat', () => {
  const beat = makeTestBeat(60, { seed: 3 });
  let result: Awaited<ReturnType<typeof render>>;
  let mix: Float32Array;

  beforeAll(async () => {
    result = await render(beat.wav);
    mix = await decodeMono(result.mp3, MONO_RATE);
  });

  it('has the tag at 3, 28 and 53 s and not in between', () => {
    expect(result.offsetsSeconds).toEqual([3, 28, 53]);
    const found = result.offsetsSeconds.map((offset) => ({ offset, ...findTag(mix, tagMono, MONO_RATE, offset) }));
    for (const { offset, offsetSeconds, correlation } of found) {
      expect(correlation).toBeGreaterThan(0.4);
      expect(Math.abs(offsetSeconds - offset)).toBeLessThanOrEqual(0.05);
    }
    const weakest = Math.min(...found.map((f) => f.correlation));
    for (const midpoint of [15.5, 40.5]) {
      expect(findTag(mix, tagMono, MONO_RATE, midpoint).correlation).toBeLessThan(weakest / 2);
    }
  });

  it('is a 128 kbps MP3 as long as the beat', async () => {
    const { format } = await parseBuffer(result.mp3);
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.sampleRate).toBe(44100);
    expect(format.numberOfChannels).toBe(2);
    expect(format.bitrate).toBeLessThanOrEqual(PREVIEW_BITRATE_KBPS * 1000);
    expect(Math.abs(mix.length / MONO_RATE - result.analysis.durationSeconds)).toBeLessThan(0.1);
    expect(result.analysis.durationSeconds).toBe(60);
  });

  it('is about as loud as the beat with the tag at the beat’s level', async () => {
    const previewLufs = (await loudnessOf(result.mp3))!;
    expect(Math.abs(previewLufs - result.analysis.loudnessLufs!)).toBeLessThan(1.5);
  });

  it('analyses loudness and peaks from the decoded source', () => {
    const meter = new LoudnessMeter(44100, 2);
    meter.push(beat.pcm);
    expect(result.analysis.loudnessLufs).toBeCloseTo(meter.integratedLufs()!, 3);
    expect(result.analysis.frames).toBe(60 * 44100);
    const { waveform } = result.analysis;
    expect(waveform.length).toBeGreaterThan(900);
    expect(waveform.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...waveform.data)).toBeGreaterThan(80);
  });
});

describe('encodeTaggedPreview', () => {
  it('re-encodes an MP3 source into different bytes with the tag in it', async () => {
    const source = await encodeTestMp3(makeTestBeat(12, { seed: 5 }).wav, 320);
    const { mp3, offsetsSeconds } = await render(source);
    expect(mp3.equals(source)).toBe(false);
    expect(offsetsSeconds).toEqual([3]);
    const found = findTag(await decodeMono(mp3, MONO_RATE), tagMono, MONO_RATE, 3);
    expect(found.correlation).toBeGreaterThan(0.4);
    expect(Math.abs(found.offsetSeconds - 3)).toBeLessThanOrEqual(0.05);
  });

  it('puts the tag lower in the mix for a lower level', async () => {
    const source = makeTestBeat(8, { seed: 6 }).wav;
    const at = async (levelDb: number) =>
      findTag(await decodeMono((await render(source, levelDb)).mp3, MONO_RATE), tagMono, MONO_RATE, 3).correlation;
    const [even, quieter] = await Promise.all([at(0), at(-24)]);
    expect(quieter).toBeLessThan(even / 2);
  });

  it('tags a beat shorter than the tag, cutting the tag short', async () => {
    const { mp3, offsetsSeconds } = await render(makeTestBeat(1.5).wav);
    expect(offsetsSeconds).toEqual([0]);
    const decoded = await decodeMono(mp3, MONO_RATE);
    expect(Math.abs(decoded.length / MONO_RATE - 1.5)).toBeLessThan(0.1);
    expect(findTag(decoded, tagMono, MONO_RATE, 0.1, 0.1).offsetSeconds).toBeLessThan(0.05);
  });

  it('fails the MP3 stream when the source cannot be decoded', async () => {
    const { mp3 } = encodeTaggedPreview(Readable.from([Buffer.from('not audio at all '.repeat(100))]), {
      tag,
      tagLoudnessLufs: tagMeasure.loudnessLufs,
      beatLoudnessLufs: -14,
      durationSeconds: 10,
      schedule,
      levelDb: 0,
    });
    await expect(readAll(mp3)).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('refuses a tag that is not interleaved stereo', () => {
    const input = { tag: new Float32Array(3), tagLoudnessLufs: null, beatLoudnessLufs: null, durationSeconds: 10, schedule, levelDb: 0 };
    expect(() => encodeTaggedPreview(Readable.from([]), input)).toThrow(RangeError);
  });
});

describe('analyseAudio', () => {
  it('refuses a source that is not audio', async () => {
    await expect(analyseAudio(Readable.from([Buffer.from('plain text, not audio\n'.repeat(50))]))).rejects.toBeInstanceOf(AudioDecodeError);
  });
});

describe('tags', () => {
  it('measures the default tag', () => {
    const meter = new LoudnessMeter(44100, 2);
    meter.push(tag);
    expect(tagMeasure).toEqual({ durationSeconds: tag.length / 2 / 44100, loudnessLufs: meter.integratedLufs() });
  });

  it('decodes an uploaded tag into one buffer, and refuses one that is too long', async () => {
    const wav = encodeWavStereo16(tag, 44100, 2);
    const decoded = await decodeToBuffer(byteStream(wav));
    expect(decoded.length).toBe(tag.length);
    let worst = 0;
    for (let i = 0; i < tag.length; i++) worst = Math.max(worst, Math.abs(decoded[i]! - tag[i]!));
    expect(worst).toBeLessThan(2 / 32767);
    await expect(decodeToBuffer(byteStream(wav), { maxSeconds: 1 })).rejects.toBeInstanceOf(AudioDecodeError);
  });
});

describe('three minutes', () => {
  it('renders and inspects a 180 s beat (timings in the log)', { timeout: 90_000 }, async () => {
    const { wav } = makeTestBeat(180, { seed: 8 });
    const started = performance.now();
    const result = await render(wav);
    const rendered = performance.now();
    const mp3Info = await inspectMp3(opener(result.mp3));
    const mp3Inspected = performance.now();
    const wavInfo = await inspectWav(opener(wav));
    const wavInspected = performance.now();
    const s = (from: number, to: number) => `${((to - from) / 1000).toFixed(2)} s`;
    console.log(
      `180 s beat: render ${s(started, rendered)}, inspect MP3 ${s(rendered, mp3Inspected)}, inspect WAV ${s(mp3Inspected, wavInspected)}`,
    );
    expect(result.offsetsSeconds).toEqual([3, 28, 53, 78, 103, 128, 153, 178]);
    expect(mp3Info.durationSeconds).toBeCloseTo(180, 1);
    expect(wavInfo.durationSeconds).toBe(180);
    const mix = await collect(decodePcm(byteStream(result.mp3), { sampleRate: MONO_RATE, channels: 1 }));
    expect(findTag(mix, tagMono, MONO_RATE, 178).correlation).toBeGreaterThan(0.4);
  });
});
