/**
 * The MP3 a buyer downloads (docs/audio-pipeline.md#the-sold-mp3): what an artist records over, so 320 kbps constant
 * bitrate, stereo, 44.1 kHz, whatever the master it is made from. Previews are another file (preview.ts).
 */
import type { Readable } from 'node:stream';
import { decodePcm, encodeMp3, PCM_CHANNELS, PCM_RATE, type InputFormat } from './ffmpeg.js';

export const SOLD_MP3 = { bitrateKbps: 320, channels: 2, sampleRate: 44100 } as const;

/** Encodes interleaved float PCM (`channels` of it, at `sampleRate`) as the sold MP3; a mono mix is heard on both sides. */
export function encodeSoldMp3(pcm: AsyncIterable<Float32Array>, input: { sampleRate: number; channels: number }): Readable {
  return encodeMp3(pcm, {
    sampleRate: input.sampleRate,
    channels: input.channels,
    outputChannels: SOLD_MP3.channels,
    bitrateKbps: SOLD_MP3.bitrateKbps,
    // LAME's best quality: a master is encoded once, and it is what the buyer pays for.
    compressionLevel: 2,
  });
}

/** The sold MP3 of a master (a WAV, or any audio ffmpeg decodes), decoded at the store's rate and layout. */
export function soldMp3From(master: Readable, format?: InputFormat): Readable {
  const pcm = decodePcm(master, { sampleRate: PCM_RATE, channels: PCM_CHANNELS, ...(format ? { format } : {}) });
  return encodeSoldMp3(pcm, { sampleRate: PCM_RATE, channels: PCM_CHANNELS });
}
