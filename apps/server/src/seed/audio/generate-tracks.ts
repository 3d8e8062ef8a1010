/**
 * Procedural beat generator for seeding the demo store with real, pleasant-sounding audio.
 * Each index deterministically picks a key/mode, drum style, bass, lead instrument and chord
 * progression, renders drums/bass/chords/melody stems, masters them and encodes MP3 + WAV
 * (+ an optional ZIP of stem WAVs that sum to the mix).
 */
import { planTrack } from './track-plan.js';
import { STEM_NAMES, renderStems, trackSampleCount } from './render-stems.js';
import { masterMix, masterStem } from './mastering.js';
import { SAMPLE_RATE } from './dsp.js';
import { encodeWav, floatToPcm16 } from './wav.js';
import { zipFiles } from './zip.js';
import { encodeSoldMp3 } from '../../audio/sold-mp3.js';

export interface GeneratedTrack {
  index: number;
  /** The tempo actually used (requested bpm rounded and clamped to 60–180). */
  bpm: number;
  durationSeconds: number;
  /** The MP3 a buyer downloads: 320 kbps stereo at 44.1 kHz (src/audio/sold-mp3.ts). The store's tagged preview is rendered from the WAV. */
  mp3: Buffer;
  /** 16-bit PCM mono 44.1 kHz WAV. */
  wav: Buffer;
  /** ZIP with drums.wav, bass.wav, chords.wav, melody.wav (only when `withStems`); they sum to the mix. */
  stemsZip?: Buffer;
}

export interface GenerateTrackOptions {
  bpm: number;
  /** Desired length; rounded to a whole number of bars. Default: 24–32 s. */
  seconds?: number;
  withStems: boolean;
}

function validate(index: number, opts: GenerateTrackOptions): void {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`index must be a non-negative integer, got ${index}`);
  if (!Number.isFinite(opts.bpm) || opts.bpm <= 0) throw new RangeError(`bpm must be a positive number, got ${opts.bpm}`);
  if (opts.seconds !== undefined && !(Number.isFinite(opts.seconds) && opts.seconds > 0)) {
    throw new RangeError(`seconds must be a positive number, got ${opts.seconds}`);
  }
}

/**
 * The mastered mix as the MP3 a buyer downloads: 320 kbps stereo at the master rate (44.1 kHz), the mono mix on both
 * sides. LAME in the store's own ffmpeg (src/audio/ffmpeg.ts), as every preview render: a track's 25–30 s take it a
 * fraction of a second, where LAME compiled to JavaScript took one to two seconds, most of a fresh data folder's first start.
 */
async function encodeMp3Download(mix: Float32Array): Promise<Buffer> {
  const pcm = (async function* () {
    yield mix;
  })();
  const chunks = (await encodeSoldMp3(pcm, { sampleRate: SAMPLE_RATE, channels: 1 }).toArray()) as Buffer[];
  return Buffer.concat(chunks);
}

export async function generateTrack(index: number, opts: GenerateTrackOptions): Promise<GeneratedTrack> {
  validate(index, opts);
  const plan = planTrack(index, opts.bpm, opts.seconds);
  const length = trackSampleCount(plan);
  const { stems, gains } = renderStems(plan);
  const stemInputs = STEM_NAMES.map((name) => ({ name, samples: stems[name], gain: gains[name] }));
  const { mix, curve } = masterMix(stemInputs, length);
  const pcm = floatToPcm16(mix);
  const track: GeneratedTrack = {
    index,
    bpm: plan.bpm,
    durationSeconds: length / SAMPLE_RATE,
    mp3: await encodeMp3Download(mix),
    wav: encodeWav(pcm, SAMPLE_RATE),
  };
  if (opts.withStems) {
    const files: Record<string, Uint8Array> = {};
    for (const stem of stemInputs) {
      files[`${stem.name}.wav`] = encodeWav(floatToPcm16(masterStem(stem, curve)), SAMPLE_RATE);
    }
    track.stemsZip = zipFiles(files);
  }
  return track;
}
