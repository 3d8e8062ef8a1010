/**
 * The audio pipeline end to end through the API: an uploaded beat gets a tagged preview of its own
 * (never a sold file), is listed only once that preview is ready, and a tag change re-renders every
 * preview while the old ones keep playing.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { previewProgressText, type AdminBeat, type BeatPage, type StoreSettings, type Waveform } from '@beat/shared';
import { beats, jobs } from '../../db/schema.js';
import { authed, createUser, expectServerError, loginAs, fileTestApp } from '../../test/helper.js';
import { multipart, validBeatFields, type FilePart } from '../admin/admin-test-kit.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { decodeMono, encodeTestMp3, findTag, makeTestBeat } from '../../audio/test-support.js';
import { encodeWavStereo16, generateDefaultTag } from '../../audio/default-tag.js';
import { tagOffsets } from '../../audio/tag-mixer.js';
import { previewJobHandlers } from './previews.jobs.js';

let admin: string;
const RATE = 8000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const beatAudio = makeTestBeat(40, { seed: 7, channels: 2 });
let beatMp3: Buffer;

const t = fileTestApp();
beforeAll(async () => {
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
  beatMp3 = await encodeTestMp3(beatAudio.wav, 320);
});

const renderAll = () => runJobsUntilIdle(t.deps, previewJobHandlers(t.deps), { concurrency: 2, log: t.log });

async function upload(title: string, files: FilePart[]) {
  const body = await multipart(validBeatFields({ beatTitle: title }), files);
  return t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/beats', ...body }));
}
const mp3Part = (data: Buffer): FilePart => ({ name: 'mp3File', filename: 'beat.mp3', data, type: 'audio/mpeg' });
const wavPart = (data: Buffer): FilePart => ({ name: 'wavFile', filename: 'beat.wav', data, type: 'audio/wav' });

async function adminBeat(id: string): Promise<AdminBeat> {
  const res = await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/beats/${id}` }));
  return (res.json() as { beat: AdminBeat }).beat;
}
async function listed(title: string): Promise<BeatPage['beats']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?q=${encodeURIComponent(title)}` });
  return (res.json() as BeatPage).beats;
}
async function settings(): Promise<StoreSettings> {
  return (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/store-settings' }))).json() as StoreSettings;
}

/** The tag is where the settings say, and nowhere in between. */
async function expectTagged(preview: Buffer, tagPcm: Float32Array, durationSeconds: number, placement: { firstOffsetSeconds: number; intervalSeconds: number }) {
  const mix = await decodeMono(preview, RATE);
  const tag = await decodeMono(encodeWavStereo16(tagPcm, 44100, 2), RATE);
  const tagSeconds = tag.length / RATE;
  const offsets = tagOffsets(durationSeconds, tagSeconds, placement);
  expect(offsets.length).toBeGreaterThan(0);
  const hits = offsets.map((at) => findTag(mix, tag, RATE, at));
  for (const [i, hit] of hits.entries()) {
    expect(hit.correlation).toBeGreaterThan(0.4);
    expect(Math.abs(hit.offsetSeconds - offsets[i]!)).toBeLessThan(0.05);
  }
  const weakest = Math.min(...hits.map((h) => h.correlation));
  // Half-way between two tags (or after the last) there is none.
  const between = offsets.map((at) => at + Math.min(placement.intervalSeconds, durationSeconds - at) / 2).filter((at) => at + tagSeconds < durationSeconds);
  for (const at of between) expect(findTag(mix, tag, RATE, at, 0.1).correlation).toBeLessThan(weakest / 2);
}

describe('a beat uploaded by the admin', () => {
  let beatId: string;

  it('is checked by decoding, stores what decoding found, and waits for its preview before it is listed', async () => {
    const res = await upload('Pipeline Night', [mp3Part(beatMp3), wavPart(beatAudio.wav)]);
    expect(res.statusCode).toBe(201);
    const beat = (res.json() as { beat: AdminBeat }).beat;
    beatId = beat._id;
    expect(beat.audioState).toBe('rendering');
    expect(beat.hasPreview).toBe(false);
    expect(beat.streamingMp3FileLink).toBeNull();
    expect(beat.fileInfo.mp3).toMatchObject({ format: 'mp3', bitrateKbps: 320, sampleRate: 44100, channels: 2 });
    expect(beat.fileInfo.mp3!.durationSeconds).toBeCloseTo(40, 0);
    expect(beat.fileInfo.wav).toMatchObject({ format: 'wav', sampleRate: 44100, bitDepth: 16, channels: 2 });
    expect(beat.fileInfo.wav!.durationSeconds).toBeCloseTo(40, 2);
    // Not in the store, no public preview, until the render is done.
    expect(await listed('Pipeline Night')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${beatId}` })).statusCode).toBe(404);
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.singletonKey, beatId));
    expect(queued.map((j) => [j.queue, j.status])).toEqual([['preview.render', 'queued']]);
  });

  it('gets a tagged 128 kbps preview of its own length that differs from every sold file', async () => {
    await renderAll();
    const beat = await adminBeat(beatId);
    expect(beat).toMatchObject({ audioState: 'ready', audioError: null, hasPreview: true });
    const [store] = await listed('Pipeline Night');
    expect(store?._id).toBe(beatId);
    const stream = await t.app.inject({ method: 'GET', url: store!.streamingMp3FileLink! });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    const preview = stream.rawPayload;
    expect(sha(preview)).not.toBe(sha(beatMp3));
    expect(sha(preview)).not.toBe(sha(beatAudio.wav));

    const info = await parseBuffer(preview, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(info.format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(info.format.bitrate!).toBeLessThanOrEqual(128_000);
    const decoded = await decodeMono(preview, RATE);
    expect(Math.abs(decoded.length / RATE - store!.durationSeconds!)).toBeLessThan(0.1);
    expect(Math.abs(store!.durationSeconds! - 40)).toBeLessThan(0.1);

    const s = await settings();
    await expectTagged(preview, generateDefaultTag(44100), store!.durationSeconds!, s.placement);
  });

  it('answers its waveform peaks, public and small', async () => {
    const [store] = await listed('Pipeline Night');
    const res = await t.app.inject({ method: 'GET', url: store!.waveformLink! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const waveform = res.json() as Waveform;
    expect(waveform).toMatchObject({ version: 2, channels: 1, bits: 8 });
    expect(waveform.length).toBeGreaterThanOrEqual(500);
    expect(waveform.length).toBeLessThanOrEqual(1000);
    expect(waveform.data).toHaveLength(waveform.length * 2);
    expect(Math.max(...waveform.data)).toBeGreaterThan(30); // a loud beat, not silence
    expect(res.rawPayload.length).toBeLessThan(16_000);
  });

  it('re-renders when its audio is replaced, and the old preview plays until the new one is ready', async () => {
    const before = (await listed('Pipeline Night'))[0]!;
    const other = makeTestBeat(30, { seed: 99, channels: 2 });
    const body = await multipart(validBeatFields({ beatTitle: 'Pipeline Night' }), [wavPart(other.wav)]);
    const res = await t.app.inject(authed(admin, { method: 'PUT', url: `/api/admin/beats/${beatId}`, ...body }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { beat: AdminBeat }).beat.audioState).toBe('rendering');
    const still = (await listed('Pipeline Night'))[0]!;
    expect(still.streamingMp3FileLink).toBe(before.streamingMp3FileLink);
    await renderAll();
    const after = (await listed('Pipeline Night'))[0]!;
    expect(after.streamingMp3FileLink).not.toBe(before.streamingMp3FileLink);
    expect(Math.abs(after.durationSeconds! - 30)).toBeLessThan(0.1);
  });
});

describe('an upload that is not what it says', () => {
  async function filesOnDisk(): Promise<string[]> {
    return readdir(path.join(t.dataDir, 'files', 'audio', 'uploads')).catch(() => []);
  }

  it.each([
    ['a PNG named .mp3', () => [mp3Part(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4000, 7)]))], /MP3/],
    ['random bytes as an MP3', () => [mp3Part(Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)))], /MP3/],
    ['a WAV in the MP3 field', () => [mp3Part(beatAudio.wav)], /MP3/],
    ['text as the WAV', () => [mp3Part(beatMp3), wavPart(Buffer.from('RIFF....WAVE but not really a wave file at all'.repeat(50)))], /WAV/],
  ])('refuses %s with a readable message and stores nothing', async (_name, files, mentions) => {
    const before = await filesOnDisk();
    const beatsBefore = (await t.deps.db.select({ id: beats.id }).from(beats)).length;
    const res = await upload('Not Audio', files());
    expect(res.statusCode).toBe(400);
    const { message } = res.json() as { message: string };
    expect(message).toMatch(mentions);
    expect(message).not.toMatch(/ffmpeg|Error:|at \w+ \(/);
    expect(message.length).toBeLessThan(200);
    expect(await filesOnDisk()).toEqual(before);
    expect((await t.deps.db.select({ id: beats.id }).from(beats)).length).toBe(beatsBefore);
  });
});

describe('the store tag', () => {
  const chirp = (() => {
    // 1.5 s rising sweep with a pulse: unmistakable, and unlike the built-in tag.
    const rate = 44100;
    const n = Math.round(1.5 * rate);
    const pcm = new Float32Array(n * 2);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const f = 300 + 2500 * (i / n);
      phase += (2 * Math.PI * f) / rate;
      const env = Math.min(1, i / 500, (n - i) / 500) * (0.6 + 0.4 * Math.sin((2 * Math.PI * 6 * i) / rate));
      pcm[i * 2] = pcm[i * 2 + 1] = 0.5 * env * Math.sin(phase);
    }
    return pcm;
  })();

  it('shows the built-in tag and its placement, and refuses a tag that is not audio or too long', async () => {
    const s = await settings();
    expect(s.tag.custom).toBe(false);
    expect(s.placement).toEqual({ firstOffsetSeconds: 3, intervalSeconds: 25, levelDb: 0 });
    expect(previewProgressText(s.progress)).toBe(`${s.progress.total} of ${s.progress.total} previews rendered`);
    const hear = await t.app.inject(authed(admin, { method: 'GET', url: s.tag.url }));
    expect(hear.statusCode).toBe(200);
    expect(hear.headers['content-type']).toBe('audio/wav');

    const text = await multipart({}, [{ name: 'tagFile', filename: 'tag.wav', data: Buffer.from('hello, not audio'.repeat(100)) }]);
    const refused = await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/tag', ...text }));
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toMatch(/tag/i);

    const long = await multipart({}, [{ name: 'tagFile', filename: 'long.wav', data: makeTestBeat(31, { seed: 3 }).wav }]);
    const tooLong = await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/tag', ...long }));
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as { message: string }).message).toMatch(/30 seconds/);
    expect((await settings()).version).toBe(s.version);
    expect(await readdir(path.join(t.dataDir, 'files', 'audio', 'tags')).catch(() => [])).toEqual([]);
  });

  it('words the progress as the admin reads it, thousands separated', () => {
    expect(previewProgressText({ rendered: 412, total: 10_330 })).toBe('412 of 10,330 previews rendered');
  });

  it('refuses placement outside its limits with a readable message', async () => {
    const res = await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/placement', payload: { firstOffsetSeconds: 3, intervalSeconds: 2, levelDb: 0 } }));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('Interval must be between 5 and 120 seconds');
  });

  it('re-renders every preview with the new tag, with progress, while the old previews keep playing', async () => {
    const [before] = await listed('Pipeline Night');
    const oldPreview = (await t.app.inject({ method: 'GET', url: before!.streamingMp3FileLink! })).rawPayload;
    const body = await multipart({}, [{ name: 'tagFile', filename: 'my-tag.wav', data: encodeWavStereo16(chirp, 44100, 2), type: 'audio/wav' }]);
    const res = await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/tag', ...body }));
    expect(res.statusCode).toBe(200);
    const changed = res.json() as StoreSettings;
    expect(changed.tag).toMatchObject({ custom: true, fileName: 'my-tag.wav' });
    expect(changed.tag.durationSeconds).toBeCloseTo(1.5, 1);
    expect(changed.progress.rendered).toBe(0);
    expect(changed.progress.total).toBeGreaterThan(0);
    expect(previewProgressText(changed.progress)).toBe(`0 of ${changed.progress.total} previews rendered`);

    // Meanwhile the store still plays the old preview.
    const [meanwhile] = await listed('Pipeline Night');
    const still = (await t.app.inject({ method: 'GET', url: meanwhile!.streamingMp3FileLink! })).rawPayload;
    expect(sha(still)).toBe(sha(oldPreview));

    await renderAll();
    const done = await settings();
    expect(done.progress).toEqual({ total: changed.progress.total, rendered: changed.progress.total, failed: 0 });
    const [after] = await listed('Pipeline Night');
    expect(after!.streamingMp3FileLink).not.toBe(before!.streamingMp3FileLink);
    const preview = (await t.app.inject({ method: 'GET', url: after!.streamingMp3FileLink! })).rawPayload;
    await expectTagged(preview, chirp, after!.durationSeconds!, done.placement);
  });

  it('moves the tags when the placement changes', async () => {
    const placement = { firstOffsetSeconds: 1, intervalSeconds: 8, levelDb: -3 };
    const res = await t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/placement', payload: placement }));
    expect(res.statusCode).toBe(200);
    await renderAll();
    const [after] = await listed('Pipeline Night');
    const preview = (await t.app.inject({ method: 'GET', url: after!.streamingMp3FileLink! })).rawPayload;
    await expectTagged(preview, chirp, after!.durationSeconds!, placement);
  });

  it('goes back to the built-in tag', async () => {
    const res = await t.app.inject(authed(admin, { method: 'DELETE', url: '/api/admin/store-settings/tag' }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as StoreSettings).tag.custom).toBe(false);
    expect(await readdir(path.join(t.dataDir, 'files', 'audio', 'tags'))).toEqual([]);
  });
});

describe('a render that fails', () => {
  it('shows the reason in the admin list, and a retry renders it once the audio is good', async () => {
    const res = await upload('Broken Later', [mp3Part(beatMp3)]);
    const beat = (res.json() as { beat: AdminBeat }).beat;
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat._id));
    // The stored file goes bad after the upload was checked (a disk fault): the render cannot decode it.
    await t.deps.storage.put(row!.mp3Key, Buffer.alloc(50_000, 3));
    expectServerError(/^job failed for good: The beat's audio could not be decoded/);
    await renderAll();
    const failed = await adminBeat(beat._id);
    expect(failed.audioState).toBe('failed');
    expect(failed.audioError).toMatch(/could not be decoded/);
    expect(await listed('Broken Later')).toEqual([]);

    await t.deps.storage.put(row!.mp3Key, beatMp3);
    const retry = await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beat._id}/render` }));
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as { beat: AdminBeat }).beat.audioState).toBe('rendering');
    await renderAll();
    expect((await adminBeat(beat._id)).audioState).toBe('ready');
    expect((await listed('Broken Later')).map((b) => b._id)).toEqual([beat._id]);
  });
});
