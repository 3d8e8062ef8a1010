import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { AudioDecodeError, decodePcm, encodeMp3, ffmpegPath, PCM_CHANNELS, PCM_RATE } from './ffmpeg.js';
import { collect, readAll, sine } from './test-support.js';
import { encodeWavStereo16 } from './wav-writer.js';

/** ffmpeg processes whose parent is this test process, read from /proc (the test machines run Linux). */
function ffmpegChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(ffmpeg)') && Number(fields[1]) === process.pid && fields[0] !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}


/** A stream that produces `total` bytes of the same WAV-looking data slowly, chunk by chunk, and records its fate. */
function slowWav(seconds: number): Readable {
  const wav = encodeWavStereo16(sine(seconds, 440, 0.5, 2), PCM_RATE, 2);
  let at = 0;
  return new Readable({
    read() {
      if (at >= wav.length) return void this.push(null);
      const next = wav.subarray(at, at + 16384);
      at += next.length;
      setTimeout(() => this.push(next), 1);
    },
  });
}

describe('ffmpeg', () => {
  it('uses the binary shipped in the npm package', () => {
    expect(ffmpegPath).toMatch(/@ffmpeg-installer/);
  });

  it('decodes a WAV to the same float samples, in chunks of whole frames', async () => {
    const original = sine(1.5, 441, 0.5, 2);
    const wav = encodeWavStereo16(original, PCM_RATE, 2);
    const chunks: Float32Array[] = [];
    for await (const chunk of decodePcm(Readable.from([wav]))) chunks.push(chunk);
    const decoded = await collect((async function* () { yield* chunks; })());
    expect(decoded.length).toBe(original.length);
    let worst = 0;
    for (let i = 0; i < original.length; i++) worst = Math.max(worst, Math.abs(decoded[i]! - original[i]!));
    expect(worst).toBeLessThan(1.5 / 32767);
    for (const chunk of chunks) expect(chunk.length % PCM_CHANNELS).toBe(0);
  });

  it('carries partial frames between chunks when a frame does not divide the pipe reads', async () => {
    const wav = encodeWavStereo16(sine(2, 300, 0.3, 2), PCM_RATE, 2);
    const lengths: number[] = [];
    for await (const chunk of decodePcm(Readable.from([wav]), { channels: 3 })) lengths.push(chunk.length);
    expect(lengths.length).toBeGreaterThan(1);
    for (const length of lengths) expect(length % 3).toBe(0);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(2 * PCM_RATE * 3);
  });

  it('resamples and downmixes on request', async () => {
    const wav = encodeWavStereo16(sine(2, 200, 0.5, 2), PCM_RATE, 2);
    const mono = await collect(decodePcm(Readable.from([wav]), { sampleRate: 8000, channels: 1 }));
    expect(Math.abs(mono.length - 16000)).toBeLessThanOrEqual(2);
    // ffmpeg downmixes with equal power, (L + R)/√2: a 0.5 sine in both channels becomes a 0.707 one.
    const rms = Math.sqrt(mono.reduce((s, v) => s + v * v, 0) / mono.length);
    expect(rms).toBeCloseTo(0.5, 2);
  });

  it('refuses bytes that are not audio with a readable message and keeps ffmpeg’s words apart', async () => {
    const garbage = Buffer.from('This is a text file, not a song.\n'.repeat(200));
    const error = await collect(decodePcm(Readable.from([garbage]))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    const { message, detail } = error as AudioDecodeError;
    expect(message).toBe('The audio could not be decoded.');
    expect(detail.length).toBeGreaterThan(0);
  });

  it('refuses empty input', async () => {
    await expect(collect(decodePcm(Readable.from([Buffer.alloc(0)]), { format: 'wav' }))).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('refuses audio that decodes to no samples', async () => {
    const header = encodeWavStereo16(new Float32Array(0), PCM_RATE, 2);
    const error = await collect(decodePcm(Readable.from([header]), { format: 'wav' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
  });

  it('survives ffmpeg closing its input early (EPIPE) while a large input is still being written', async () => {
    const junk = Buffer.alloc(8 * 1024 * 1024, 7);
    junk.write('not a wav at all', 0);
    const error = await collect(decodePcm(Readable.from([junk, junk, junk]), { format: 'wav' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
  });

  it('kills ffmpeg and destroys the input when the consumer stops early', async () => {
    const input = slowWav(30);
    let chunks = 0;
    for await (const chunk of decodePcm(input)) {
      expect(chunk.length).toBeGreaterThan(0);
      expect(ffmpegChildren().length).toBe(1);
      if (++chunks === 2) break;
    }
    expect(input.destroyed).toBe(true);
    await expect.poll(() => ffmpegChildren().length === 0, { timeout: 2000, interval: 20 }).toBe(true);
  });

  it('stops on an AbortSignal with the signal’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('render cancelled');
    const iteration = (async () => {
      let chunks = 0;
      for await (const _chunk of decodePcm(slowWav(30), { signal: controller.signal })) {
        expect(ffmpegChildren().length).toBe(1);
        if (++chunks === 1) controller.abort(reason);
      }
    })();
    await expect(iteration).rejects.toBe(reason);
    await expect.poll(() => ffmpegChildren().length === 0, { timeout: 2000, interval: 20 }).toBe(true);
  });

  it('passes on a failure of the input stream itself', async () => {
    const failure = new Error('storage went away');
    const input = new Readable({
      read() {
        this.destroy(failure);
      },
    });
    await expect(collect(decodePcm(input))).rejects.toBe(failure);
  });

  it('encodes constant-bitrate MP3 that decodes back to the same tone', async () => {
    const pcm = sine(3, 1000, 0.5, 2);
    async function* chunks() {
      for (let at = 0; at < pcm.length; at += 10_000) yield pcm.subarray(at, at + 10_000);
    }
    const mp3 = await readAll(encodeMp3(chunks(), { sampleRate: PCM_RATE, channels: 2, bitrateKbps: 128 }));
    const metadata = await parseBuffer(mp3, 'audio/mpeg');
    expect(metadata.format.codec).toBe('MPEG 1 Layer 3');
    expect(metadata.format.bitrate).toBe(128_000);
    expect(metadata.format.sampleRate).toBe(PCM_RATE);
    // 3 s at 128 kbps is 48 000 bytes, give or take a frame and the ID3 header.
    expect(Math.abs(mp3.length - 48_000)).toBeLessThan(1500);

    const back = await collect(decodePcm(Readable.from([mp3]), { channels: 1 }));
    let crossings = 0;
    for (let i = 5000; i < 5000 + PCM_RATE; i++) if (back[i - 1]! < 0 && back[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(999);
    expect(crossings).toBeLessThanOrEqual(1001);
  });

  it('fails the MP3 stream when the PCM source fails', async () => {
    const failure = new Error('decoder gave up');
    async function* failing() {
      yield new Float32Array(4410 * 2);
      throw failure;
    }
    await expect(readAll(encodeMp3(failing(), { sampleRate: PCM_RATE, channels: 2, bitrateKbps: 128 }))).rejects.toBe(failure);
    await expect.poll(() => ffmpegChildren().length === 0, { timeout: 2000, interval: 20 }).toBe(true);
  });

  it('stops the source and ffmpeg when the MP3 stream is destroyed', async () => {
    let returned = false;
    async function* endless() {
      try {
        for (;;) yield sine(0.5, 500, 0.3, 2);
      } finally {
        returned = true;
      }
    }
    const mp3 = encodeMp3(endless(), { sampleRate: PCM_RATE, channels: 2, bitrateKbps: 128 });
    for await (const _chunk of mp3) {
      expect(ffmpegChildren().length).toBe(1);
      break;
    }
    await expect.poll(() => returned && ffmpegChildren().length === 0, { timeout: 2000, interval: 20 }).toBe(true);
  });
});
