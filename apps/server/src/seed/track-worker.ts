/**
 * A worker thread of the demo store's first start (demo-store.ts): synthesises the tracks it is asked for, one at a
 * time, and returns each with its files. Its own thread, so that two tracks are made at once on two cores.
 */
import { parentPort } from 'node:worker_threads';
import { generateTrack, type GenerateTrackOptions } from './audio/generate-tracks.js';

export interface TrackRequest extends GenerateTrackOptions {
  index: number;
}

export type TrackReply =
  | { index: number; ok: true; bpm: number; durationSeconds: number; mp3: Uint8Array; wav: Uint8Array; stemsZip?: Uint8Array }
  | { index: number; ok: false; message: string };

parentPort?.on('message', (request: TrackRequest) => {
  generateTrack(request.index, request).then(
    (track) => parentPort?.postMessage({ ok: true, ...track } satisfies TrackReply),
    (error: unknown) => parentPort?.postMessage({ index: request.index, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies TrackReply),
  );
});
