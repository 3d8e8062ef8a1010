/**
 * The two passes of a preview render, each streaming from its own opening of the source: analysis (duration,
 * loudness, waveform) and then the tagged MP3, whose tag level and positions depend on what the analysis found.
 */
import type { Readable } from 'node:stream';
import { AudioDecodeError, decodePcm, encodeMp3, PCM_CHANNELS, PCM_RATE, type DecodeOptions } from './ffmpeg.js';
import { LoudnessMeter } from './loudness.js';
import { TagMixer, tagGain, tagOffsets, type TagSchedule } from './tag-mixer.js';
import { WaveformBuilder, type WaveformData } from './waveform.js';

export const PREVIEW_BITRATE_KBPS = 128;
/**
 * LAME's quality/speed setting for previews: 7 skips noise shaping, which takes a third off a render
 * (the encoder is most of its time) and is inaudible at 128 kbps on a tagged listening copy.
 */
export const PREVIEW_LAME_QUALITY = 7;

export interface AudioAnalysis {
  durationSeconds: number;
  frames: number;
  loudnessLufs: number | null;
  waveform: WaveformData;
}

/** Decodes the source once at the store's rate and layout; the duration is the decoded frame count, not a header's claim. */
export async function analyseAudio(source: Readable, options: { signal?: AbortSignal } = {}): Promise<AudioAnalysis> {
  const meter = new LoudnessMeter(PCM_RATE, PCM_CHANNELS);
  const waveform = new WaveformBuilder(PCM_RATE, PCM_CHANNELS);
  let frames = 0;
  for await (const chunk of decodePcm(source, { sampleRate: PCM_RATE, channels: PCM_CHANNELS, signal: options.signal })) {
    meter.push(chunk);
    waveform.push(chunk);
    frames += chunk.length / PCM_CHANNELS;
  }
  return { durationSeconds: frames / PCM_RATE, frames, loudnessLufs: meter.integratedLufs(), waveform: waveform.finish() };
}

export interface TaggedPreviewInput {
  /** Interleaved PCM at PCM_RATE / PCM_CHANNELS, e.g. from decodeToBuffer or generateDefaultTag. */
  tag: Float32Array;
  tagLoudnessLufs: number | null;
  beatLoudnessLufs: number | null;
  /** From analyseAudio: tags are placed by the decoded length, so none is cut off by the end of the beat. */
  durationSeconds: number;
  schedule: TagSchedule;
  /** Tag loudness relative to the beat's, in dB (0 = as loud as the beat). */
  levelDb: number;
  signal?: AbortSignal;
}

/**
 * Starts the second pass: decode → tag mix → 128 kbps MP3. Nothing is buffered; the MP3 stream errors if the
 * source cannot be decoded. Note that ffmpeg writes no LAME header to a pipe, so decoders keep the encoder's
 * 1105-sample delay: the preview starts about 25 ms later than the source.
 */
export function encodeTaggedPreview(source: Readable, input: TaggedPreviewInput): { mp3: Readable; offsetsSeconds: number[] } {
  if (input.tag.length === 0 || input.tag.length % PCM_CHANNELS !== 0) {
    throw new RangeError('The tag must be interleaved PCM with a whole number of frames.');
  }
  const tagSeconds = input.tag.length / PCM_CHANNELS / PCM_RATE;
  const offsetsSeconds = tagOffsets(input.durationSeconds, tagSeconds, input.schedule);
  const gain = tagGain(input.beatLoudnessLufs, input.tagLoudnessLufs, input.levelDb);
  const mixer = new TagMixer(
    input.tag,
    gain,
    offsetsSeconds.map((s) => Math.round(s * PCM_RATE)),
    PCM_CHANNELS,
  );
  const decoded = decodePcm(source, { sampleRate: PCM_RATE, channels: PCM_CHANNELS, signal: input.signal });
  async function* mixed(): AsyncGenerator<Float32Array> {
    for await (const chunk of decoded) yield mixer.process(chunk);
  }
  const mp3 = encodeMp3(mixed(), {
    sampleRate: PCM_RATE,
    channels: PCM_CHANNELS,
    bitrateKbps: PREVIEW_BITRATE_KBPS,
    compressionLevel: PREVIEW_LAME_QUALITY,
  });
  return { mp3, offsetsSeconds };
}

/** Length and loudness of a tag already decoded to PCM_RATE / PCM_CHANNELS. */
export function measureTag(pcm: Float32Array): { durationSeconds: number; loudnessLufs: number | null } {
  const meter = new LoudnessMeter(PCM_RATE, PCM_CHANNELS);
  meter.push(pcm);
  return { durationSeconds: pcm.length / PCM_CHANNELS / PCM_RATE, loudnessLufs: meter.integratedLufs() };
}

export interface DecodeToBufferOptions extends DecodeOptions {
  /** Refuse (AudioDecodeError) audio longer than this rather than hold it all in memory. Default 60 s. */
  maxSeconds?: number;
}

/** Decodes short audio (a tag) into one interleaved array, PCM_RATE / PCM_CHANNELS unless told otherwise. */
export async function decodeToBuffer(source: Readable, options: DecodeToBufferOptions = {}): Promise<Float32Array> {
  const { maxSeconds = 60, ...decodeOptions } = options;
  const sampleRate = decodeOptions.sampleRate ?? PCM_RATE;
  const channels = decodeOptions.channels ?? PCM_CHANNELS;
  const limit = Math.ceil(maxSeconds * sampleRate) * channels;
  const chunks: Float32Array[] = [];
  let length = 0;
  for await (const chunk of decodePcm(source, { ...decodeOptions, sampleRate, channels })) {
    length += chunk.length;
    if (length > limit) throw new AudioDecodeError(`The audio is longer than ${maxSeconds} seconds.`);
    chunks.push(chunk);
  }
  return concatPcm(chunks, length);
}

/** One array of all the chunks, in order. */
export function concatPcm(chunks: readonly Float32Array[], length = chunks.reduce((n, c) => n + c.length, 0)): Float32Array {
  const out = new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
