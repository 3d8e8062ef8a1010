/** Test fixtures for the admin suites: real audio files from the seed's encoders and multipart bodies. */
import type { InjectOptions } from 'fastify';
import { encodeMp3 } from '../../seed/audio/mp3.js';
import { encodeWav } from '../../seed/audio/wav.js';
import { zipFiles } from '../../seed/audio/zip.js';

function tonePcm(seconds: number, sampleRate: number): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 220 * i) / sampleRate) * 9000);
  return pcm;
}

let cachedMp3: Buffer | null = null;
/** A 2-second mono MP3 encoded in-process (lamejs, 22.05 kHz, 128 kbps): a fixture made without spawning ffmpeg. */
export function fixtureMp3(): Buffer {
  cachedMp3 ??= encodeMp3(tonePcm(2, 22050), 22050, 128);
  return cachedMp3;
}
export const fixtureWav = (): Buffer => encodeWav(tonePcm(1.5, 44100), 44100);
export const fixtureZip = (): Buffer => zipFiles({ 'drums.wav': fixtureWav(), 'bass.wav': fixtureWav() });

export interface FilePart {
  name: string;
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body the way a browser sends a FormData. */
export async function multipart(fields: Record<string, string>, files: FilePart[] = []): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const validBeatFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  beatTitle: 'Night Shift',
  artistName: 'DJ Test',
  category: 'Hip Hop',
  bpm: '92',
  releaseDate: '2026-05-01',
  tags: 'trap, dark, 808',
  beatType: 'Non-Exclusive',
  price: '24.99',
  ...overrides,
});
