/**
 * The demo store as a fresh data folder gets it: real generated audio, the built-in tag, and a tagged
 * preview for every beat from the first start. Checked for every beat: the stream differs from the
 * sold MP3 and WAV, holds the tag where the settings put it (found by correlation with the decoded
 * tag), is at most 128 kbps and as long as the beat.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBuffer } from 'music-metadata';
import type { BeatsResponse } from '@beat/shared';
import { beats } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { decodeMono, findTag, readAll } from '../audio/test-support.js';
import { encodeWavStereo16, generateDefaultTag } from '../audio/default-tag.js';
import { tagOffsets } from '../audio/tag-mixer.js';
import { readStoreSettings } from '../modules/previews/tag.js';
import { seedDemoStoreIfEmpty } from './demo-store.js';

let t: TestApp;
const RATE = 8000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const read = (key: string) => readAll(t.deps.storage.read(key));

beforeAll(async () => {
  // The test plays all 340 previews from one address in seconds: more than the per-address limit allows a person.
  t = await createTestApp({ env: { WORKER_CONCURRENCY: '2', RATE_LIMIT_SCALE: '10' } });
  expect(await seedDemoStoreIfEmpty(t.deps, t.log)).toBe(true);
  // Synthesising and rendering 24 tracks takes about a minute alone, several on a busy 2-core machine.
}, 600_000);
afterAll(async () => {
  await t.close();
});

describe('the demo store from its first start', () => {
  it('lists every beat with a tagged preview of its own', async () => {
    const rows = await t.deps.db.select().from(beats);
    expect(rows.length).toBe(340);
    expect(rows.every((b) => b.audioState === 'ready' && b.previewKey !== null)).toBe(true);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/getbeats' })).json() as BeatsResponse;
    expect(listed.beats).toHaveLength(340);

    const sold = new Map<string, string>();
    for (const key of new Set(rows.flatMap((b) => [b.mp3Key, b.wavKey!]))) sold.set(sha(await read(key)), key);
    const previews = new Map<string, Buffer>();
    for (const beat of listed.beats) {
      const res = await t.app.inject({ method: 'GET', url: beat.streamingMp3FileLink! });
      expect(res.statusCode).toBe(200);
      const hash = sha(res.rawPayload);
      expect(sold.has(hash), `${beat.beatTitle}'s preview is a sold file`).toBe(false);
      previews.set(`${hash} ${beat.durationSeconds}`, res.rawPayload);
    }
    // 24 distinct tracks behind 340 beats: one render each.
    expect(previews.size).toBe(24);
  }, 180_000);

  it('puts the built-in tag at the configured offsets of every preview, at no more than 128 kbps and the beat’s length', async () => {
    const settings = await readStoreSettings(t.deps.db);
    const tag = await decodeMono(encodeWavStereo16(generateDefaultTag(44100), 44100, 2), RATE);
    const rows = await t.deps.db.select().from(beats);
    const byRender = new Map(rows.map((b) => [b.previewKey!, b]));
    expect(byRender.size).toBe(24);
    for (const [key, beat] of byRender) {
      const preview = await read(key);
      const info = await parseBuffer(preview, { mimeType: 'audio/mpeg' }, { duration: true });
      expect(info.format.bitrate!).toBeLessThanOrEqual(128_000);
      const mix = await decodeMono(preview, RATE);
      expect(Math.abs(mix.length / RATE - beat.durationSeconds!)).toBeLessThan(0.1);
      const source = await decodeMono(await read(beat.wavKey ?? beat.mp3Key), RATE);
      expect(Math.abs(source.length / RATE - beat.durationSeconds!)).toBeLessThan(0.1);
      const offsets = tagOffsets(beat.durationSeconds!, tag.length / RATE, {
        firstOffsetSeconds: settings.tagFirstOffsetSeconds,
        intervalSeconds: settings.tagIntervalSeconds,
      });
      expect(offsets[0]).toBe(3);
      for (const at of offsets) {
        const hit = findTag(mix, tag, RATE, at);
        expect(hit.correlation, `${beat.title} at ${at} s`).toBeGreaterThan(0.4);
        expect(Math.abs(hit.offsetSeconds - at)).toBeLessThan(0.05);
      }
    }
  }, 180_000);
});
