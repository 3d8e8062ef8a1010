import { describe, expect, it } from 'vitest';
import { encodeMp3, summarizeMp3 } from '../../seed/audio/mp3.js';
import { encodeWav } from '../../seed/audio/wav.js';
import { Mp3Error, Mp3Scanner, readFrameHeader, readMp3Info } from './mp3-info.js';

/** A tone as the seed generator encodes it (lamejs, mono). */
function tone(seconds: number, sampleRate = 22050, kbps = 128): Buffer {
  const key = `${seconds}/${sampleRate}/${kbps}`;
  const cached = tones.get(key);
  if (cached) return cached;
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000);
  const mp3 = encodeMp3(pcm, sampleRate, kbps);
  tones.set(key, mp3);
  return mp3;
}
const tones = new Map<string, Buffer>();

/** MPEG-1 Layer III, 128 kbps, 44.1 kHz, joint stereo, no padding: 417-byte frames of 1152 samples. */
const MPEG1_HEADER = [0xff, 0xfb, 0x90, 0x44];
function mpeg1Frames(count: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set(MPEG1_HEADER);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

function id3v2(bodyBytes: number): Buffer {
  const tag = Buffer.alloc(10 + bodyBytes);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  tag[6] = (bodyBytes >> 21) & 0x7f;
  tag[7] = (bodyBytes >> 14) & 0x7f;
  tag[8] = (bodyBytes >> 7) & 0x7f;
  tag[9] = bodyBytes & 0x7f;
  tag.write('TIT2', 10, 'latin1');
  return tag;
}

function scanInChunks(bytes: Buffer, size: (i: number) => number): ReturnType<Mp3Scanner['finish']> {
  const scanner = new Mp3Scanner();
  let i = 0;
  for (let at = 0; at < bytes.length; i++) {
    const n = Math.max(1, size(i));
    scanner.push(bytes.subarray(at, at + n));
    at += n;
  }
  return scanner.finish();
}

describe('readMp3Info', () => {
  it('reads the duration of a seed-generator MP3 exactly, agreeing with its own frame walker', () => {
    const mp3 = tone(2);
    const info = readMp3Info(mp3);
    const reference = summarizeMp3(mp3);
    expect(info.source).toBe('frames');
    expect(info.frames).toBe(reference.frames);
    expect(info.durationSeconds).toBeCloseTo(reference.durationSeconds, 9);
    expect(info.durationSeconds).toBeGreaterThan(2);
    expect(info.durationSeconds).toBeLessThan(2.2);
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1 });
    expect(info.bitrateKbps).toBeGreaterThanOrEqual(127);
    expect(info.bitrateKbps).toBeLessThanOrEqual(129);
  });

  it('gives the same answer whatever the chunk boundaries', () => {
    const mp3 = tone(2);
    const whole = readMp3Info(mp3);
    expect(scanInChunks(mp3, () => 1)).toEqual(whole);
    expect(scanInChunks(mp3, (i) => (i * 7919) % 1500)).toEqual(whole);
    expect(scanInChunks(mp3, () => 65536)).toEqual(whole);
  });

  it('walks MPEG-1 frames (1152 samples each)', () => {
    const info = readMp3Info(mpeg1Frames(100));
    expect(info).toMatchObject({ frames: 100, sampleRate: 44100, channels: 2, bitrateKbps: 128, source: 'frames' });
    expect(info.durationSeconds).toBeCloseTo((100 * 1152) / 44100, 9);
  });

  it('skips an ID3v2 tag at the start and an ID3v1 tag at the end', () => {
    const mp3 = tone(2);
    const plain = readMp3Info(mp3);
    const tagged = Buffer.concat([id3v2(3000), mp3, Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)])]);
    const scanner = new Mp3Scanner();
    scanner.push(tagged);
    expect(scanner.finish()).toEqual(plain);
    expect(scanner.junkBytes).toBe(128);
  });

  it('takes the frame count of a Xing/Info header and does not count that frame as audio', () => {
    const info = Buffer.alloc(417);
    info.set(MPEG1_HEADER);
    // MPEG-1 stereo: the tag sits after 4 header bytes and 32 bytes of side information.
    info.write('Info', 36, 'latin1');
    info.writeUInt32BE(0x0001, 40); // flags: frame count present
    info.writeUInt32BE(5000, 44);
    const file = Buffer.concat([info, mpeg1Frames(20)]);
    const result = readMp3Info(file);
    expect(result.source).toBe('xing');
    expect(result.frames).toBe(5000);
    expect(result.durationSeconds).toBeCloseTo((5000 * 1152) / 44100, 9);
  });

  it('takes the frame count of a VBRI header', () => {
    const vbri = Buffer.alloc(417);
    vbri.set(MPEG1_HEADER);
    vbri.write('VBRI', 36, 'latin1');
    vbri.writeUInt32BE(1234, 36 + 14);
    const result = readMp3Info(Buffer.concat([vbri, mpeg1Frames(3)]));
    expect(result).toMatchObject({ source: 'vbri', frames: 1234 });
  });

  it('refuses what is not an MP3 with a readable reason', () => {
    const wav = encodeWav(new Int16Array(2000), 44100);
    expect(() => readMp3Info(wav)).toThrow(new Mp3Error('This file is not an MP3: it starts with neither an ID3 tag nor an MPEG audio frame.'));
    expect(() => readMp3Info(Buffer.from('PK\x03\x04 not audio at all, just a zip header'))).toThrow(Mp3Error);
    expect(() => readMp3Info(Buffer.alloc(0))).toThrow('This file is too short to be an MP3.');
    // An ID3 tag followed by no audio at all.
    expect(() => readMp3Info(Buffer.concat([id3v2(20), Buffer.alloc(100_000, 0x11)]))).toThrow(
      'This file is not an MP3: no MPEG audio frames were found.',
    );
  });

  it('does not mistake a lone sync word in junk for audio', () => {
    // 0xFFFB9044 looks like a header, but no frame follows it.
    const junk = Buffer.concat([id3v2(10), Buffer.from(MPEG1_HEADER), Buffer.alloc(2000, 0x01)]);
    expect(() => readMp3Info(junk)).toThrow(Mp3Error);
  });

  it('decodes frame headers and rejects reserved values', () => {
    expect(readFrameHeader(Buffer.from(MPEG1_HEADER))).toMatchObject({ version: 3, bitrateKbps: 128, sampleRate: 44100, length: 417 });
    expect(readFrameHeader(Buffer.from([0xff, 0xfb, 0xf0, 0x44]))).toBeNull(); // bitrate index 15
    expect(readFrameHeader(Buffer.from([0xff, 0xfb, 0x9c, 0x44]))).toBeNull(); // sample rate index 3
    expect(readFrameHeader(Buffer.from([0xff, 0xfd, 0x90, 0x44]))).toBeNull(); // Layer II
    expect(readFrameHeader(Buffer.from([0xff, 0xeb, 0x90, 0x44]))).toBeNull(); // reserved version
  });
});
