/**
 * MP3 encoding in-process with @breezystack/lamejs, for the small fixtures of tests (the demo store encodes with
 * ffmpeg, generate-tracks.ts), plus a tiny frame-header parser used for sanity checks.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

/** Input chunk size: one MPEG-1 Layer III frame (two MPEG-2 frames). */
const CHUNK_SAMPLES = 1152;

/** Zero-copy view (lamejs returns a fresh array per call, so it is safe to keep). */
function toBuffer(chunk: Int8Array | Uint8Array): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Mono constant-bitrate MP3. */
export function encodeMp3(pcm: Int16Array, sampleRate: number, kbps: number): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < pcm.length; offset += CHUNK_SAMPLES) {
    const encoded = encoder.encodeBuffer(pcm.subarray(offset, offset + CHUNK_SAMPLES));
    if (encoded.length > 0) chunks.push(toBuffer(encoded));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(toBuffer(tail));
  return Buffer.concat(chunks);
}

const LAYER3_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Sample rates by the header's 2-bit version id (0 = MPEG 2.5, 2 = MPEG 2, 3 = MPEG 1). */
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  bitrateKbps: number;
  channels: number;
  durationSeconds: number;
}

/** Length of an ID3v2 tag at the start of the file (0 if none). */
function id3Length(file: Uint8Array): number {
  if (file[0] !== 0x49 || file[1] !== 0x44 || file[2] !== 0x33) return 0;
  return 10 + (((file[6]! & 0x7f) << 21) | ((file[7]! & 0x7f) << 14) | ((file[8]! & 0x7f) << 7) | (file[9]! & 0x7f));
}

/**
 * Walks the Layer III frame headers (MPEG 1, 2 or 2.5; an ID3v2 tag is skipped) and sums their
 * durations. Throws if the stream is not a clean sequence of frames.
 */
export function summarizeMp3(file: Uint8Array): Mp3Summary {
  let offset = id3Length(file);
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let bitrateKbps = 0;
  let channels = 0;
  while (offset + 4 <= file.length) {
    const b1 = file[offset + 1]!;
    const b2 = file[offset + 2]!;
    const version = (b1 >> 3) & 0x03;
    const isLayer3 = file[offset] === 0xff && (b1 & 0xe0) === 0xe0 && ((b1 >> 1) & 0x03) === 1;
    const kbps = (version === 3 ? LAYER3_KBPS.mpeg1 : LAYER3_KBPS.mpeg2)[b2 >> 4];
    const rate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0x03];
    if (!isLayer3 || !kbps || !rate) throw new Error(`Invalid MP3 frame header at byte ${offset}`);
    const samplesPerFrame = version === 3 ? 1152 : 576;
    channels = file[offset + 3]! >> 6 === 3 ? 1 : 2;
    sampleRate = rate;
    bitrateKbps = kbps;
    frames++;
    samples += samplesPerFrame;
    offset += Math.floor((samplesPerFrame * kbps * 125) / rate) + ((b2 >> 1) & 0x01);
  }
  if (offset !== file.length) throw new Error(`MP3 stream has ${file.length - offset} stray trailing bytes`);
  return { frames, sampleRate, bitrateKbps, channels, durationSeconds: samples / Math.max(1, sampleRate) };
}
