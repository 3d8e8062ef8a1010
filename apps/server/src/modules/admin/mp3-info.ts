/**
 * Reads an MP3's duration from its bytes as they stream in: skips an ID3v2 tag, walks the MPEG
 * audio Layer III frame headers, and prefers the frame count of a Xing/Info or VBRI header when
 * the first frame carries one. Used to check an upload is really an MP3 and to derive its length.
 */

export class Mp3Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Mp3Error';
  }
}

export interface Mp3Info {
  durationSeconds: number;
  /** Audio frames (a Xing/Info/VBRI header frame is not counted). */
  frames: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Average bitrate over the audio frames. */
  bitrateKbps: number;
  /** Where the duration came from: a VBR header's frame count, or the frames walked. */
  source: 'xing' | 'vbri' | 'frames';
}

interface FrameHeader {
  /** 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5. */
  version: number;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  samples: number;
  length: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Decodes a Layer III frame header at `at`, or null when the four bytes are not one. */
export function readFrameHeader(bytes: Uint8Array, at = 0): FrameHeader | null {
  if (at + 4 > bytes.length) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const b3 = bytes[at + 3]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  if (version === 1 || layer !== 1) return null; // reserved version; not Layer III
  const bitrateKbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[b2 >> 4];
  const sampleRate = SAMPLE_RATES[version]![(b2 >> 2) & 0x03];
  if (!bitrateKbps || !sampleRate || (b3 & 0x03) === 2) return null; // free/bad bitrate, reserved rate or emphasis
  const samples = version === 3 ? 1152 : 576;
  const padding = (b2 >> 1) & 0x01;
  const length = Math.floor((samples / 8) * ((bitrateKbps * 1000) / sampleRate)) + padding;
  return { version, bitrateKbps, sampleRate, channels: b3 >> 6 === 3 ? 1 : 2, samples, length };
}

/** Frame count of a Xing/Info or VBRI header inside a first frame, if it has one. */
export function readVbrFrameCount(frame: Uint8Array, header: FrameHeader): { source: 'xing' | 'vbri'; frames: number } | null {
  const sideInfo = header.version === 3 ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  const xing = 4 + sideInfo;
  const tag = String.fromCharCode(...frame.subarray(xing, xing + 4));
  if ((tag === 'Xing' || tag === 'Info') && frame.length >= xing + 12) {
    const flags = readUint32(frame, xing + 4);
    if (flags & 0x01) return { source: 'xing', frames: readUint32(frame, xing + 8) };
    return null;
  }
  const vbri = 4 + 32;
  if (String.fromCharCode(...frame.subarray(vbri, vbri + 4)) === 'VBRI' && frame.length >= vbri + 18) {
    return { source: 'vbri', frames: readUint32(frame, vbri + 14) };
  }
  return null;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/** How far past the ID3 tag (or the start) the first frame may begin: encoders pad, junk is refused. */
const FIRST_FRAME_WINDOW = 64 * 1024;

/**
 * Feed it chunks with push(); finish() answers the summary or throws Mp3Error. Memory stays small:
 * it keeps at most one frame plus a few bytes, however large the file.
 */
export class Mp3Scanner {
  private pending: Buffer = Buffer.alloc(0);
  private skip = 0;
  private position = 0;
  private state: 'start' | 'first-frame' | 'frames' = 'start';
  private firstFrameSearched = 0;
  private frames = 0;
  private samples = 0;
  private bitsTotal = 0;
  private header: FrameHeader | null = null;
  private vbr: { source: 'xing' | 'vbri'; frames: number } | null = null;
  /** Bytes between frames that were not audio (an ID3v1 or APE tag at the end, a broken frame). */
  junkBytes = 0;

  /** True once the start of the file has been recognised as an ID3 tag or an MPEG audio frame. */
  get recognised(): boolean {
    return this.state !== 'start';
  }

  push(chunk: Uint8Array): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    this.consume();
  }

  private take(n: number): void {
    this.pending = this.pending.subarray(n);
    this.position += n;
  }

  private consume(): void {
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, this.pending.length);
        this.take(n);
        this.skip -= n;
        if (this.skip > 0) return;
      }
      if (this.state === 'start') {
        if (this.pending.length < 10) return;
        const p = this.pending;
        if (p[0] === 0x49 && p[1] === 0x44 && p[2] === 0x33) {
          // ID3v2: 10-byte header, a syncsafe size, and a 10-byte footer when flag 0x10 is set.
          const size = ((p[6]! & 0x7f) << 21) | ((p[7]! & 0x7f) << 14) | ((p[8]! & 0x7f) << 7) | (p[9]! & 0x7f);
          this.skip = 10 + size + (p[5]! & 0x10 ? 10 : 0);
        } else if (!readFrameHeader(p)) {
          throw new Mp3Error('This file is not an MP3: it starts with neither an ID3 tag nor an MPEG audio frame.');
        }
        this.state = 'first-frame';
        continue;
      }
      if (this.pending.length < 4) return;
      const header = readFrameHeader(this.pending);
      if (this.state === 'first-frame') {
        if (!header) {
          if (++this.firstFrameSearched > FIRST_FRAME_WINDOW) {
            throw new Mp3Error('This file is not an MP3: no MPEG audio frames were found.');
          }
          this.take(1);
          continue;
        }
        // A real first frame is followed by another frame (or the end): wait for the frame and 4 more bytes.
        if (this.pending.length < header.length + 4) return;
        const next = readFrameHeader(this.pending, header.length);
        if (!next || next.sampleRate !== header.sampleRate) {
          this.firstFrameSearched += 1;
          this.take(1);
          continue;
        }
        this.header = header;
        this.vbr = readVbrFrameCount(this.pending.subarray(0, header.length), header);
        this.state = 'frames';
        if (this.vbr) {
          this.skip = header.length; // the VBR header frame holds no audio
          continue;
        }
      }
      if (!header || (this.header && header.sampleRate !== this.header.sampleRate)) {
        // Lost sync: a trailing tag or a damaged frame. Step forward until frames resume.
        this.junkBytes += 1;
        this.take(1);
        continue;
      }
      this.frames += 1;
      this.samples += header.samples;
      this.bitsTotal += header.length * 8;
      this.skip = header.length;
    }
  }

  finish(): Mp3Info {
    if (this.state === 'frames') this.junkBytes += this.pending.length;
    if (this.state === 'first-frame' && this.pending.length >= 4) {
      // A file of a single frame never got its "next frame" check: accept it at the end.
      const header = readFrameHeader(this.pending);
      if (header && this.pending.length >= header.length) {
        this.header = header;
        this.frames = 1;
        this.samples = header.samples;
        this.bitsTotal = header.length * 8;
        this.state = 'frames';
      }
    }
    const header = this.header;
    if (this.state === 'start') throw new Mp3Error('This file is too short to be an MP3.');
    if (!header || this.frames === 0) throw new Mp3Error('This file is not an MP3: no MPEG audio frames were found.');
    const samplesPerFrame = header.samples;
    const frames = this.vbr && this.vbr.frames > 0 ? this.vbr.frames : this.frames;
    const durationSeconds = (frames * samplesPerFrame) / header.sampleRate;
    const walkedSeconds = this.samples / header.sampleRate;
    return {
      durationSeconds,
      frames,
      sampleRate: header.sampleRate,
      channels: header.channels,
      bitrateKbps: Math.round(this.bitsTotal / walkedSeconds / 1000),
      source: this.vbr && this.vbr.frames > 0 ? this.vbr.source : 'frames',
    };
  }
}

/** The whole-buffer form, for files already in memory. */
export function readMp3Info(bytes: Uint8Array): Mp3Info {
  const scanner = new Mp3Scanner();
  scanner.push(bytes);
  return scanner.finish();
}
