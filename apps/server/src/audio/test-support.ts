/** Test helpers for audio: deterministic test beats, MP3s made from them, decoding to mono, and finding a tag in a mix. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { decodePcm, encodeMp3, ffmpegPath } from './ffmpeg.js';
import { seededRandom } from './seeded-random.js';
import { readWavHeader } from './wav-header.js';
import { encodeWavStereo16 } from './wav-writer.js';
import { concatPcm } from './preview.js';

export async function collect(pcm: AsyncIterable<Float32Array>): Promise<Float32Array> {
  const chunks: Float32Array[] = [];
  for await (const chunk of pcm) chunks.push(chunk);
  return concatPcm(chunks);
}

/** A sine of `amplitude` at `freq` Hz, the same on every channel, interleaved. */
export function sine(seconds: number, freq: number, amplitude: number, channels: number, rate = 44100): Float32Array {
  const frames = Math.round(seconds * rate);
  const out = new Float32Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    const v = amplitude * Math.sin((2 * Math.PI * freq * i) / rate);
    for (let c = 0; c < channels; c++) out[i * channels + c] = v;
  }
  return out;
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A byte stream of `bytes` in 64 KiB chunks, the way a file or an upload arrives. */
export function byteStream(bytes: Uint8Array, chunkBytes = 65536): Readable {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  function* chunks() {
    for (let at = 0; at < buffer.length; at += chunkBytes) yield buffer.subarray(at, at + chunkBytes);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A function that opens a fresh stream of the same bytes each time, as the inspectors expect. */
export function opener(bytes: Uint8Array): () => Readable {
  return () => byteStream(bytes);
}

/** Any audio ffmpeg reads, as mono float PCM at a low rate that keeps correlation cheap. */
export function decodeMono(bytes: Buffer, sampleRate = 8000): Promise<Float32Array> {
  return collect(decodePcm(Readable.from([bytes]), { sampleRate, channels: 1 }));
}

/**
 * Runs ffmpeg on `input` with the given output options (e.g. `['-c:a', 'flac', '-f', 'flac']`) and returns the file
 * it wrote. The output goes to a temporary file, not a pipe, so muxers can seek back and fill in their headers
 * (sizes in AIFF and WAV, FLAC's sample count, MP3's LAME tag) the way desktop encoders do.
 */
export async function ffmpegConvert(input: Buffer, outputArgs: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'audio-test-'));
  const output = join(dir, 'out');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-v', 'error', '-i', 'pipe:0', ...outputArgs, '-y', output]);
      let stderr = '';
      child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
      child.stdin.on('error', () => {});
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`))));
      child.stdin.end(input);
    });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A WAV made by our own writer (or any canonical one) encoded to CBR MP3 with the store's encoder. */
export async function encodeTestMp3(wav: Buffer, kbps: number): Promise<Buffer> {
  const header = readWavHeader(wav);
  if (!header) throw new Error('encodeTestMp3 needs a WAV file.');
  const { sampleRate, channels } = header;
  const pcm = decodePcm(Readable.from([wav]), { format: 'wav', sampleRate, channels });
  return readAll(encodeMp3(pcm, { sampleRate, channels, bitrateKbps: kbps }));
}

/** First difference: tilts both signals toward the treble so a bass-heavy beat does not swamp the match. */
function preEmphasis(x: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.max(0, to - from));
  for (let i = from; i < to; i++) out[i - from] = x[i]! - (i > 0 ? x[i - 1]! : 0);
  return out;
}

/**
 * The lag near `aroundSeconds` (± `searchSeconds`) where `tag` best matches `mix`: normalized cross-correlation
 * of the pre-emphasised signals, computed directly over the window and then refined to a tenth of a sample
 * (about 0.15 s for a 2 s tag at 8 kHz and ±0.3 s).
 */
export function findTag(
  mix: Float32Array,
  tag: Float32Array,
  sampleRate: number,
  aroundSeconds: number,
  searchSeconds = 0.3,
): { offsetSeconds: number; correlation: number } {
  const center = Math.round(aroundSeconds * sampleRate);
  const radius = Math.round(searchSeconds * sampleRate);
  const first = Math.max(0, center - radius);
  const last = Math.min(mix.length - 1, center + radius);
  if (tag.length === 0 || first > last) return { offsetSeconds: aroundSeconds, correlation: 0 };

  const t = preEmphasis(tag, 0, tag.length);
  const n = t.length;
  const window = preEmphasis(mix, first, Math.min(mix.length, last + n));
  const windowEnergy = new Float64Array(window.length + 1);
  for (let i = 0; i < window.length; i++) windowEnergy[i + 1] = windowEnergy[i]! + window[i]! * window[i]!;
  const tagEnergy = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) tagEnergy[i + 1] = tagEnergy[i]! + t[i]! * t[i]!;

  let bestLag = 0;
  let bestCorrelation = -Infinity;
  for (let lag = 0; lag <= last - first; lag++) {
    // Near the end of the mix only the part of the tag that still overlaps it is compared.
    const m = Math.min(n, window.length - lag);
    let dot = 0;
    for (let i = 0; i < m; i++) dot += t[i]! * window[lag + i]!;
    const norm = Math.sqrt(tagEnergy[m]! * (windowEnergy[lag + m]! - windowEnergy[lag]!));
    const correlation = norm > 0 ? dot / norm : 0;
    if (correlation > bestCorrelation) {
      bestCorrelation = correlation;
      bestLag = lag;
    }
  }
  const refined = refineLag(t, window, bestLag);
  if (refined.correlation > bestCorrelation) {
    return { offsetSeconds: (first + bestLag + refined.fraction) / sampleRate, correlation: refined.correlation };
  }
  return { offsetSeconds: (first + bestLag) / sampleRate, correlation: bestCorrelation };
}

const SINC_HALF_TAPS = 8;

/**
 * Correlation at fractional lags around an integer one, the mix interpolated with a Hann-windowed sinc. A tag a
 * fraction of a sample off the grid (an MP3's 1105-sample delay is 200.4 samples at 8 kHz) otherwise loses much of
 * its treble match, which pre-emphasis makes count.
 */
function refineLag(tag: Float32Array, window: Float32Array, lag: number): { fraction: number; correlation: number } {
  let best = { fraction: 0, correlation: -Infinity };
  const taps = new Float64Array(2 * SINC_HALF_TAPS + 1);
  for (let step = -10; step <= 10; step++) {
    const fraction = step / 10;
    for (let k = -SINC_HALF_TAPS; k <= SINC_HALF_TAPS; k++) {
      const x = k - fraction;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const hann = Math.abs(x) >= SINC_HALF_TAPS + 1 ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * x) / (SINC_HALF_TAPS + 1));
      taps[k + SINC_HALF_TAPS] = sinc * hann;
    }
    let dot = 0;
    let tagEnergy = 0;
    let mixEnergy = 0;
    for (let i = 0; i < tag.length; i++) {
      const centre = lag + i;
      if (centre + SINC_HALF_TAPS >= window.length) break;
      let v = 0;
      for (let k = -SINC_HALF_TAPS; k <= SINC_HALF_TAPS; k++) {
        const j = centre + k;
        if (j >= 0) v += window[j]! * taps[k + SINC_HALF_TAPS]!;
      }
      dot += tag[i]! * v;
      tagEnergy += tag[i]! * tag[i]!;
      mixEnergy += v * v;
    }
    const norm = Math.sqrt(tagEnergy * mixEnergy);
    const correlation = norm > 0 ? dot / norm : 0;
    if (correlation > best.correlation) best = { fraction, correlation };
  }
  return best;
}

const RATE = 44100;
const BEAT_SECONDS = 0.625;
const CHORDS = [
  [220.0, 261.63, 329.63],
  [174.61, 220.0, 261.63],
  [130.81, 164.81, 196.0],
  [196.0, 246.94, 293.66],
];

/** One cycle of a soft organ tone (fundamental and a quiet octave), looked up instead of calling Math.sin per sample. */
const ORGAN_TABLE = Float32Array.from(
  { length: 4096 },
  (_, i) => Math.sin((2 * Math.PI * i) / 4096) + 0.2 * Math.sin((4 * Math.PI * i) / 4096),
);

function organ(cycles: number): number {
  return ORGAN_TABLE[Math.floor((cycles - Math.floor(cycles)) * 4096)]!;
}

function sound(seconds: number, sample: (t: number) => number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = sample(i / RATE);
  return out;
}

function addAt(target: Float32Array, channels: number, channel: number, at: number, source: Float32Array, gain: number): void {
  const start = Math.round(at * RATE);
  const frames = Math.min(source.length, target.length / channels - start);
  for (let i = 0; i < frames; i++) target[(start + i) * channels + channel]! += source[i]! * gain;
}

/**
 * A quick, deterministic, music-like 44.1 kHz signal (96 BPM: kick, snare, hats, bass, a chord pad) as a 16-bit
 * WAV and as the float PCM that WAV holds. Sounds are rendered once and placed, so 180 s take a fraction of a second.
 */
export function makeTestBeat(seconds: number, options: { seed?: number; channels?: 1 | 2 } = {}): { wav: Buffer; pcm: Float32Array } {
  const { seed = 1, channels = 2 } = options;
  const rand = seededRandom(seed);
  const frames = Math.round(seconds * RATE);
  const pcm = new Float32Array(frames * channels);

  const kick = sound(0.35, (t) => Math.sin(2 * Math.PI * (45 * t + (75 * 0.03) * (1 - Math.exp(-t / 0.03)))) * Math.exp(-t / 0.12));
  const snare = sound(0.25, (t) => ((rand() * 2 - 1) * 0.7 + 0.4 * Math.sin(2 * Math.PI * 185 * t)) * Math.exp(-t / 0.06));
  let previous = 0;
  const hat = sound(0.05, (t) => {
    const noise = rand() * 2 - 1;
    const highPassed = noise - previous;
    previous = noise;
    return highPassed * Math.exp(-t / 0.012);
  });
  const bassNotes = CHORDS.map(([root = 110]) =>
    sound(BEAT_SECONDS * 2, (t) => {
      const f = root / 2;
      return (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t)) * Math.min(1, t / 0.01) * Math.exp(-t / 0.6);
    }),
  );
  const pads = CHORDS.map((notes) =>
    [0.996, 1.004].map((detune) =>
      sound(BEAT_SECONDS * 4, (t) => {
        let v = 0;
        for (const f of notes) v += organ(f * detune * t);
        return v * Math.min(1, t / 0.3, (BEAT_SECONDS * 4 - t) / 0.2);
      }),
    ),
  );

  const place = (at: number, left: Float32Array, right: Float32Array, gain: number) => {
    if (channels === 1) {
      addAt(pcm, 1, 0, at, left, gain / 2);
      addAt(pcm, 1, 0, at, right, gain / 2);
    } else {
      addAt(pcm, 2, 0, at, left, gain);
      addAt(pcm, 2, 1, at, right, gain);
    }
  };
  const bars = Math.ceil(seconds / (BEAT_SECONDS * 4));
  for (let bar = 0; bar < bars; bar++) {
    const chord = (bar + (seed % 4)) % CHORDS.length;
    const barStart = bar * BEAT_SECONDS * 4;
    place(barStart, pads[chord]![0]!, pads[chord]![1]!, 0.05);
    for (let beat = 0; beat < 4; beat++) {
      const at = barStart + beat * BEAT_SECONDS;
      if (beat % 2 === 0) place(at, kick, kick, 0.55);
      else place(at, snare, snare, 0.3);
      if (beat % 2 === 0) place(at, bassNotes[chord]!, bassNotes[chord]!, 0.22);
      for (const half of [0, 0.5]) {
        const velocity = 0.06 + 0.08 * rand();
        place(at + half * BEAT_SECONDS, hat, hat, velocity);
      }
    }
    if (rand() < 0.3) place(barStart + 3.5 * BEAT_SECONDS, kick, kick, 0.4);
  }
  const wav = encodeWavStereo16(pcm, RATE, channels);
  // The PCM handed back is exactly what the WAV holds, so tests can compare a decode of it sample for sample.
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, pcm.length);
  for (let i = 0; i < pcm.length; i++) pcm[i] = samples[i]! / 32767;
  return { wav, pcm };
}
