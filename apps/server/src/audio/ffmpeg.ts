/** The ffmpeg binary shipped in npm, driven through pipes: any audio in, float PCM out; float PCM in, MP3 out. */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { Readable, type Writable } from 'node:stream';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

export const ffmpegPath: string = ffmpegInstaller.path;

/** The one rate and layout the store works in, so loudness, tag and preview all line up sample for sample. */
export const PCM_RATE = 44100;
export const PCM_CHANNELS = 2;

/** ffmpeg demuxers we may force when the container is already known, so probing cannot guess another one. */
export type InputFormat = 'mp3' | 'wav' | 'aiff' | 'flac' | 'ogg';

/** An ffmpeg failure: `message` is for people; `detail` is ffmpeg's own words, for logs. */
abstract class FfmpegError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

/** Audio that ffmpeg could not turn into samples. */
export class AudioDecodeError extends FfmpegError {
  override name = 'AudioDecodeError';
}

/** ffmpeg failed while encoding; with our own PCM as input this is a server fault, not the user's. */
export class AudioEncodeError extends FfmpegError {
  override name = 'AudioEncodeError';
}

export interface DecodeOptions {
  sampleRate?: number;
  channels?: number;
  format?: InputFormat;
  signal?: AbortSignal;
}

export interface EncodeMp3Options {
  sampleRate: number;
  /** Channels of the PCM given. */
  channels: number;
  /** Channels of the MP3, when not those of the PCM: a mono mix becomes stereo with the same sound on both sides. */
  outputChannels?: number;
  bitrateKbps: number;
  /**
   * LAME's speed/quality trade-off (0 best and slowest … 9 fastest). At 5, the default, 3 minutes of stereo cost
   * 3–6 s of one core depending on the music; 7 drops noise shaping and is about a third faster.
   */
  compressionLevel?: number;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

interface Exit {
  code: number | null;
  error?: Error;
}

const STDERR_TAIL_CHARS = 4000;

function start(args: string[]): { child: Child; exit: Promise<Exit>; stderrTail: () => string } {
  const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exit = new Promise<Exit>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  let tail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    tail = (tail + text).slice(-STDERR_TAIL_CHARS);
  });
  // ffmpeg closes its stdin when it stops early (bad input, killed); the EPIPE that follows says nothing the exit code does not.
  child.stdin.on('error', () => {});
  return { child, exit, stderrTail: () => tail.trim() };
}

function kill(child: Child): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Decodes any audio ffmpeg understands into interleaved float32 chunks, each a whole number of frames.
 * Takes ownership of `input`: it is destroyed if decoding stops before the end. Stop iterating (break) to stop
 * ffmpeg; abandoning the iterator without finishing or breaking leaves ffmpeg waiting on its pipe.
 */
export async function* decodePcm(input: Readable, options: DecodeOptions = {}): AsyncGenerator<Float32Array, void, undefined> {
  const { sampleRate = PCM_RATE, channels = PCM_CHANNELS, format, signal } = options;
  signal?.throwIfAborted();
  const { child, exit, stderrTail } = start([
    ...(format ? ['-f', format] : []),
    '-i',
    'pipe:0',
    // Only the first audio stream: an MP3's cover art is a video stream that would not fit a PCM output.
    '-map',
    '0:a:0',
    '-f',
    'f32le',
    '-acodec',
    'pcm_f32le',
    '-ac',
    String(channels),
    '-ar',
    String(sampleRate),
    'pipe:1',
  ]);
  let inputError: Error | undefined;
  // Stays attached after we finish: a late error from a stream we destroyed must not become an unhandled one.
  input.on('error', (error) => {
    inputError ??= error;
    kill(child);
  });
  input.pipe(child.stdin);
  const onAbort = () => kill(child);
  signal?.addEventListener('abort', onAbort, { once: true });

  let complete = false;
  try {
    const frameBytes = 4 * channels;
    let carry: Buffer | undefined;
    let samples = 0;
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      // Output already in the pipe when the signal fires is not handed out.
      signal?.throwIfAborted();
      const bytes = carry ? Buffer.concat([carry, data]) : data;
      const usable = bytes.length - (bytes.length % frameBytes);
      carry = usable < bytes.length ? Buffer.from(bytes.subarray(usable)) : undefined;
      if (usable === 0) continue;
      samples += usable / 4;
      yield toFloat32(bytes, usable);
    }
    const result = await exit;
    if (signal?.aborted) throw signal.reason;
    if (inputError) throw inputError;
    if (result.error) throw result.error;
    if (result.code !== 0) throw new AudioDecodeError('The audio could not be decoded.', stderrTail());
    if (samples === 0) throw new AudioDecodeError('The audio contains no sound samples.', stderrTail());
    complete = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!complete) {
      input.unpipe(child.stdin);
      input.destroy();
      kill(child);
    }
  }
}

/** ffmpeg writes little-endian floats, and so does every platform Node runs this on (x64, arm64). */
function toFloat32(bytes: Buffer, length: number): Float32Array {
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, length / 4);
  const out = new Float32Array(length / 4);
  new Uint8Array(out.buffer).set(bytes.subarray(0, length));
  return out;
}

/**
 * Encodes interleaved float32 PCM to constant-bitrate MP3 with LAME. The returned stream ends only after ffmpeg
 * exited cleanly; a failure of the source or of ffmpeg destroys it with that error. Destroying it stops both.
 */
export function encodeMp3(pcm: AsyncIterable<Float32Array>, options: EncodeMp3Options): Readable {
  const { child, exit, stderrTail } = start([
    '-f',
    'f32le',
    '-ar',
    String(options.sampleRate),
    '-ac',
    String(options.channels),
    '-i',
    'pipe:0',
    ...(options.outputChannels && options.outputChannels !== options.channels ? ['-ac', String(options.outputChannels)] : []),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${options.bitrateKbps}k`,
    '-compression_level',
    String(options.compressionLevel ?? 5),
    '-f',
    'mp3',
    'pipe:1',
  ]);
  let stopped = false;
  const out = new Readable({
    read() {
      child.stdout.resume();
    },
    destroy(error, callback) {
      stopped = true;
      kill(child);
      callback(error);
    },
  });
  child.stdout.on('data', (data: Buffer) => {
    if (!out.push(data)) child.stdout.pause();
  });
  void exit.then(({ code, error }) => {
    if (out.destroyed) return;
    if (error) out.destroy(error);
    else if (code !== 0) out.destroy(new AudioEncodeError('The MP3 could not be encoded.', stderrTail()));
    else out.push(null);
  });
  feed(pcm, child.stdin, () => stopped).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

async function feed(pcm: AsyncIterable<Float32Array>, stdin: Writable, stopped: () => boolean): Promise<void> {
  // Leaving the loop early calls the source's return(), which stops an upstream decoder too.
  for await (const chunk of pcm) {
    if (stopped() || stdin.destroyed) return;
    if (!stdin.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) await drained(stdin);
  }
  if (!stdin.destroyed) stdin.end();
}

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
