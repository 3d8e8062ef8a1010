/**
 * The store's own intro video (docs/decisions/0026-store-pages-and-intro-video.md#video-generation): about
 * 10 seconds of a beat's public preview drawn as a waveform, encoded with the audio pipeline's ffmpeg as
 * H.264/AAC MP4 when that build has libx264 (else VP9/Opus WebM), plus a JPEG poster frame.
 */
import { execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ffmpegPath } from '../../audio/ffmpeg.js';

export const INTRO_SECONDS = 10;
/** Where in the beat the clip starts: past the intro, where the drums are in. */
const START_SECONDS = 8;

export interface RenderedIntro {
  video: Buffer;
  videoType: 'video/mp4' | 'video/webm';
  poster: Buffer;
}

let encoders: Promise<string> | null = null;
function listEncoders(): Promise<string> {
  encoders ??= new Promise((resolve) => {
    execFile(ffmpegPath, ['-hide_banner', '-encoders'], { maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => resolve(error ? '' : stdout));
  });
  return encoders;
}

function run(args: string[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let tail = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      tail = (tail + text).slice(-2000);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', reject);
    child.once('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('The render was stopped.'));
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg could not render the intro video (exit ${code}): ${tail.trim() || 'no message'}`));
    });
  });
}

/** Renders the clip from `audio` (any format ffmpeg decodes) of `sourceSeconds` (null when unknown). */
export async function renderIntroVideo(audio: Readable, sourceSeconds: number | null, signal?: AbortSignal): Promise<RenderedIntro> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'intro-video-'));
  try {
    const source = path.join(dir, 'source');
    await pipeline(audio, createWriteStream(source));
    const h264 = (await listEncoders()).includes('libx264');
    const videoFile = path.join(dir, h264 ? 'intro.mp4' : 'intro.webm');
    const codecs = h264
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '27', '-profile:v', 'main', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart']
      : ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-deadline', 'realtime', '-c:a', 'libopus', '-b:a', '96k'];
    // The store's colours: the accent's yellow waveform on the menu's near-black.
    const graph =
      `color=c=0x0d0d13:s=960x540:r=25:d=${INTRO_SECONDS}[bg];` +
      `[0:a]showwaves=s=960x300:mode=cline:rate=25:colors=0xF5C518,format=rgba,colorkey=black:0.1:0.1[w];` +
      `[bg][w]overlay=0:120:shortest=1,format=yuv420p[v]`;
    // Past the beat's intro when it is long enough, else from its beginning.
    const start = sourceSeconds !== null && sourceSeconds >= START_SECONDS + INTRO_SECONDS ? START_SECONDS : 0;
    const clipSeconds = Math.min(INTRO_SECONDS, sourceSeconds ?? INTRO_SECONDS);
    const input = ['-ss', String(start), '-t', String(INTRO_SECONDS), '-i', source];
    await run([...input, '-filter_complex', graph, '-map', '[v]', '-map', '0:a', ...codecs, '-shortest', videoFile], signal);
    const posterFile = path.join(dir, 'poster.jpg');
    await run(['-ss', (clipSeconds / 2).toFixed(2), '-i', videoFile, '-frames:v', '1', '-q:v', '4', posterFile], signal);
    return { video: await readFile(videoFile), videoType: h264 ? 'video/mp4' : 'video/webm', poster: await readFile(posterFile) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
