import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { AudioFileError, inspectMp3, inspectStemsZip, inspectTag, inspectWav } from './inspect.js';
import { encodeTestMp3, ffmpegConvert, makeTestBeat, opener } from './test-support.js';

/** What the admin reads: one plain sentence, no stack, no ffmpeg or parser wording. */
function expectReadable(message: string): void {
  expect(message).toMatch(/^The [^\n]+\.$/);
  expect(message.length).toBeLessThan(180);
  expect(message).not.toMatch(/ffmpeg|pipe:|Error|undefined|null|stack|at \w+ \(|0x/);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioFileError);
  const { message } = error as AudioFileError;
  expectReadable(message);
  return message;
}

function randomBytes(length: number, seed: number): Buffer {
  let s = seed;
  return Buffer.from(Uint8Array.from({ length }, () => (s = (s * 1103515245 + 12345) >>> 0) >>> 24));
}

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(3000, 5)]);

let beat: ReturnType<typeof makeTestBeat>;
let mp3: Buffer;

beforeAll(async () => {
  beat = makeTestBeat(4, { seed: 9 });
  mp3 = await encodeTestMp3(beat.wav, 192);
});

describe('inspectMp3', () => {
  it('reads a constant-bitrate MP3 and takes its duration from the decoded samples', async () => {
    const info = await inspectMp3(opener(mp3));
    expect(info).toMatchObject({ format: 'mp3', bitrateKbps: 192, sampleRate: 44100, channels: 2, vbr: false });
    // Without a LAME header the decoder keeps the encoder delay and padding: up to about 60 ms more.
    expect(info.durationSeconds).toBeGreaterThanOrEqual(4);
    expect(info.durationSeconds).toBeLessThan(4.07);
  });

  it('reads a VBR MP3 from a desktop-style encode, with its average bitrate', async () => {
    const vbr = await ffmpegConvert(beat.wav, ['-c:a', 'libmp3lame', '-q:a', '2', '-ar', '32000', '-ac', '1', '-f', 'mp3']);
    const info = await inspectMp3(opener(vbr));
    expect(info).toMatchObject({ format: 'mp3', sampleRate: 32000, channels: 1, vbr: true });
    expect(info.bitrateKbps).toBeCloseTo((vbr.length * 8) / info.durationSeconds / 1000, 0);
    expect(info.durationSeconds).toBeCloseTo(4, 1);
  });

  it('leaves a large ID3v2 tag (cover art) out of the average bitrate', async () => {
    const vbr = await ffmpegConvert(beat.wav, ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3']);
    const plain = await inspectMp3(opener(vbr));
    // An ID3v2.3 tag of 300 kB, all padding, the size written as four 7-bit bytes.
    const size = 300_000;
    const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
    const tagged = Buffer.concat([header, Buffer.alloc(size), vbr]);
    const info = await inspectMp3(opener(tagged));
    expect(info.vbr).toBe(true);
    expect(info.durationSeconds).toBeCloseTo(plain.durationSeconds, 6);
    expect(Math.abs(info.bitrateKbps - plain.bitrateKbps)).toBeLessThanOrEqual(1);
  });

  it('refuses an empty file', async () => {
    expect(await refusal(inspectMp3(opener(Buffer.alloc(0))))).toBe('The MP3 file is empty.');
  });

  it('refuses a PNG named .mp3, saying what it looks like', async () => {
    expect(await refusal(inspectMp3(opener(png)))).toBe('The MP3 file is not an MP3: it looks like a PNG image.');
  });

  it('refuses a WAV given as the MP3', async () => {
    expect(await refusal(inspectMp3(opener(beat.wav)))).toBe('The MP3 file is not an MP3: it looks like a WAV file.');
  });

  it('refuses random bytes', async () => {
    expect(await refusal(inspectMp3(opener(randomBytes(40_000, 7))))).toBe(
      'The MP3 file is not an MP3 or any audio format we recognise.',
    );
  });

  it('refuses half a second of audio', async () => {
    const short = await encodeTestMp3(makeTestBeat(0.5).wav, 128);
    expect(await refusal(inspectMp3(opener(short)))).toBe(
      'The MP3 file is too short: it lasts 0.5 s, and it must last at least 1 second.',
    );
  });

  it('passes on a failure of the storage stream rather than blaming the file', async () => {
    const failure = new Error('disk unplugged');
    const failing = () =>
      new Readable({
        read() {
          this.destroy(failure);
        },
      });
    await expect(inspectMp3(failing)).rejects.toBe(failure);
  });
});

describe('inspectWav', () => {
  it('reads a 16-bit WAV with the exact decoded duration', async () => {
    expect(await inspectWav(opener(beat.wav))).toEqual({ format: 'wav', sampleRate: 44100, bitDepth: 16, channels: 2, durationSeconds: 4 });
  });

  it('reads a 24-bit WAV (WAVE_FORMAT_EXTENSIBLE) and a 32-bit float mono one at 48 kHz', async () => {
    const wav24 = await ffmpegConvert(beat.wav, ['-c:a', 'pcm_s24le', '-f', 'wav']);
    expect(await inspectWav(opener(wav24))).toEqual({ format: 'wav', sampleRate: 44100, bitDepth: 24, channels: 2, durationSeconds: 4 });
    const float = await ffmpegConvert(beat.wav, ['-c:a', 'pcm_f32le', '-ar', '48000', '-ac', '1', '-f', 'wav']);
    const info = await inspectWav(opener(float));
    expect(info).toMatchObject({ format: 'wav', sampleRate: 48000, bitDepth: 32, channels: 1 });
    expect(info.durationSeconds).toBeCloseTo(4, 2);
  });

  it('refuses an MP3 given as the WAV', async () => {
    expect(await refusal(inspectWav(opener(mp3)))).toBe('The WAV file is not a WAV: it looks like an MP3 file.');
  });

  it('refuses a compressed WAV', async () => {
    const adpcm = await ffmpegConvert(beat.wav, ['-c:a', 'adpcm_ms', '-f', 'wav']);
    expect(await refusal(inspectWav(opener(adpcm)))).toBe(
      'The WAV file uses ADPCM compression; only uncompressed (PCM or float) WAV files are accepted.',
    );
  });

  it('refuses a WAV whose header cannot be decoded', async () => {
    const broken = Buffer.from(beat.wav);
    broken.writeUInt16LE(0, 22);
    expect(await refusal(inspectWav(opener(broken)))).toBe('The WAV file could not be decoded; it may be damaged or incomplete.');
  });

  it('refuses half a second of audio', async () => {
    expect(await refusal(inspectWav(opener(makeTestBeat(0.5).wav)))).toMatch(/too short: it lasts 0.5 s/);
  });
});

describe('inspectTag', () => {
  it('takes an MP3 or a WAV', async () => {
    expect((await inspectTag(opener(mp3))).format).toBe('mp3');
    expect((await inspectTag(opener(makeTestBeat(2).wav))).format).toBe('wav');
    expect((await inspectTag(opener(makeTestBeat(0.3).wav))).durationSeconds).toBeCloseTo(0.3, 3);
  });

  it('refuses anything else, naming what it looks like', async () => {
    expect(await refusal(inspectTag(opener(png)))).toBe('The tag file is not an MP3 or WAV: it looks like a PNG image.');
  });

  it('refuses tags over 30 s and under 0.2 s', async () => {
    expect(await refusal(inspectTag(opener(makeTestBeat(41.2).wav)))).toBe(
      'The tag must be at most 30 seconds long; this one is 41.2 s.',
    );
    expect(await refusal(inspectTag(opener(makeTestBeat(0.1).wav)))).toBe(
      'The tag must be at least 0.2 seconds long; this one is 0.1 s.',
    );
  });
});

describe('inspectStemsZip', () => {
  it('lists the audio stems, ignoring other files, macOS metadata and dot-files', async () => {
    const drums = makeTestBeat(15, { seed: 2 }).wav;
    const bass = makeTestBeat(3, { seed: 3, channels: 1 }).wav;
    const zip = zipSync({
      'Stems/Drums.WAV': [drums, { level: 0 }],
      'Stems/bass.mp3': [await encodeTestMp3(bass, 128), { level: 1 }],
      'Stems/keys.flac': [await ffmpegConvert(drums, ['-c:a', 'flac', '-f', 'flac']), { level: 0 }],
      'Stems/pad.aif': [await ffmpegConvert(bass, ['-f', 'aiff']), { level: 6 }],
      'Stems/readme.txt': strToU8('Stems for the beat.'),
      '__MACOSX/Stems/._Drums.WAV': randomBytes(200, 1),
      'Stems/.DS_Store': randomBytes(200, 2),
    });
    const info = await inspectStemsZip(opener(zip));
    expect(info.format).toBe('zip');
    expect(info.stems.map(({ name, format }) => [name, format])).toEqual([
      ['Stems/Drums.WAV', 'wav'],
      ['Stems/bass.mp3', 'mp3'],
      ['Stems/keys.flac', 'flac'],
      ['Stems/pad.aif', 'aiff'],
    ]);
    const seconds = info.stems.map((s) => s.durationSeconds);
    // The 15 s WAV is over the 2 MiB that is read of each entry: its length comes from its header.
    expect(seconds[0]).toBe(15);
    expect(seconds[1]).toBeGreaterThanOrEqual(3);
    expect(seconds[1]).toBeLessThan(3.07);
    expect(seconds[2]).toBeCloseTo(15, 3);
    expect(seconds[3]).toBeCloseTo(3, 3);
  });

  it('refuses a zip with a corrupt WAV, naming the entry', async () => {
    const zip = zipSync({ 'kick.wav': makeTestBeat(2).wav, 'snare.wav': makeTestBeat(2).wav.subarray(0, 40) });
    expect(await refusal(inspectStemsZip(opener(zip)))).toBe('The stem "snare.wav" in the ZIP could not be decoded; it may be damaged.');
  });

  it('refuses a zip whose .wav is not audio at all, naming the entry', async () => {
    const zip = zipSync({ 'vocals.wav': png });
    expect(await refusal(inspectStemsZip(opener(zip)))).toBe(
      'The stem "vocals.wav" in the ZIP is not WAV, MP3, AIFF or FLAC audio: it looks like a PNG image.',
    );
  });

  it('refuses a zip with no audio in it', async () => {
    const zip = zipSync({ 'readme.txt': strToU8('Stems coming soon.') });
    expect(await refusal(inspectStemsZip(opener(zip)))).toBe(
      'The stems ZIP holds no audio files: it must contain WAV, MP3, AIFF or FLAC stems.',
    );
  });

  it('refuses something that is not a zip, and a zip cut short', async () => {
    expect(await refusal(inspectStemsZip(opener(beat.wav)))).toBe('The stems file is not a ZIP archive: it looks like a WAV file.');
    expect(await refusal(inspectStemsZip(opener(randomBytes(5000, 3))))).toBe('The stems file is not a ZIP archive.');
    const zip = zipSync({ 'a.wav': [makeTestBeat(10).wav, { level: 0 }] });
    expect(await refusal(inspectStemsZip(opener(zip.subarray(0, 300_000))))).toBe(
      'The stems ZIP is damaged or incomplete and could not be read.',
    );
  });
});
