/**
 * The store with its files in an S3-compatible bucket (s3rver on loopback): uploads stream in, previews render from
 * the bucket, and downloads and previews are handed out as presigned URLs that honour Range (docs/storage.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { DownloadLink } from '@beat/shared';
import { beats, downloads, entitlements, type BeatRow } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { fixtureMp3, fixtureWav, multipart, validBeatFields } from '../../modules/admin/admin-test-kit.js';
import { storeBeatFile } from '../../modules/admin/beat-uploads.js';
import { previewJobHandlers } from '../../modules/previews/previews.jobs.js';
import { authed, createBeat, createTestApp, createUser, loginAs, expectMessageOnly, type TestApp } from '../../test/helper.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { createS3Storage } from './s3-storage.js';
import { checkReadiness } from '../../web/readiness.js';

let s3: TestS3Server;
let t: TestApp;
let admin: string;
let buyer: string;
let buyerId: string;
let beat: BeatRow;
let soldMp3: Buffer;

const bucketClient = () => (t.deps.storage as ReturnType<typeof createS3Storage>).client;

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await bucketClient().send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: { ...s3.env, RATE_LIMIT_SCALE: '1000' } });
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
  const buyerRow = await createUser(t);
  buyerId = buyerRow.id;
  buyer = await loginAs(t, buyerRow);

  const created = await t.app.inject(
    authed(admin, {
      method: 'POST',
      url: '/api/admin/beats',
      ...(await multipart(validBeatFields({ beatTitle: 'Cloud Run' }), [
        { name: 'mp3File', filename: 'cloud-run.mp3', data: fixtureMp3(), type: 'audio/mpeg' },
        { name: 'wavFile', filename: 'cloud-run.wav', data: fixtureWav(), type: 'audio/wav' },
      ])),
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  // The preview renders from the uploaded files, read back from the bucket, and is written there.
  await runJobsUntilIdle(t.deps, previewJobHandlers(t.deps), { log: t.log });
  const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, (created.json() as { beat: { _id: string } }).beat._id));
  beat = row!;
  soldMp3 = Buffer.concat(await t.deps.storage.read(beat.mp3Key!).toArray());
  await t.deps.db.insert(entitlements).values({ userId: buyerId, beatId: beat.id, source: 'exclusive' });
});
afterAll(async () => {
  bucketClient()?.destroy();
  await t?.close();
  await s3?.close();
});

describe('a store whose files are in a bucket', () => {
  it('keeps an admin upload and its rendered preview in the bucket, nothing in the data folder', async () => {
    expect(beat.audioState).toBe('ready');
    expect(await keysUnder('audio/uploads/')).toEqual(expect.arrayContaining([beat.mp3Key, beat.wavKey]));
    // The MP3 buyers download is made from the WAV master (320 kbps), not the MP3 sent beside it.
    expect(soldMp3.length).toBeGreaterThan(fixtureMp3().length);
    expect((await t.deps.storage.stat(beat.mp3Key!))?.size).toBe(soldMp3.length);
    expect((await t.deps.storage.stat(beat.previewKey!))?.size).toBeGreaterThan(1000);
    expect(existsSync(path.join(t.dataDir, 'files'))).toBe(false);
  });

  it("answers a buyer's download link with a redirect to a presigned URL that lives no longer than the link", async () => {
    const made = await t.app.inject(authed(buyer, { method: 'POST', url: '/api/download', payload: { beatId: beat.id, userId: buyerId, fileType: 'mp3' } }));
    const link = made.json() as DownloadLink;
    const before = Date.now();
    const asked = s3.requests.length;
    const res = await t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(302);
    // One look at the object before the redirect, not one per layer.
    expect(s3.requests.slice(asked).filter((r) => r.method === 'HEAD')).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.settings.endpoint);
    expect(location.pathname).toBe(`/${s3.settings.bucket}/${beat.mp3Key}`);

    const q = location.searchParams;
    const signedAt = Date.parse(q.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const urlEnds = signedAt + Number(q.get('X-Amz-Expires')) * 1000;
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(urlEnds).toBeLessThanOrEqual(Date.parse(link.expiresAt));
    expect(urlEnds).toBeGreaterThan(Date.parse(link.expiresAt) - 10_000);

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(soldMp3)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('content-disposition')).toBe(`attachment; filename="Cloud Run.mp3"; filename*=UTF-8''Cloud%20Run.mp3`);
    const part = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${soldMp3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(soldMp3.subarray(100, 200))).toBe(true);

    const rows = await t.deps.db.select().from(downloads).where(eq(downloads.userId, buyerId));
    expect(rows.map((r) => r.fileType)).toEqual(['mp3']);
  });

  it('answers a HEAD on a download link itself, without a redirect or a new download', async () => {
    const link = (await t.app.inject(authed(buyer, { method: 'POST', url: '/api/download', payload: { beatId: beat.id, userId: buyerId, fileType: 'wav' } }))).json() as DownloadLink;
    const res = await t.app.inject({ method: 'HEAD', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(fixtureWav().length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((await t.deps.db.select().from(downloads).where(eq(downloads.userId, buyerId))).map((r) => r.fileType)).toEqual(['mp3']);
  });

  it('answers a file missing from the bucket with the same 404 as before', async () => {
    const gone = await createBeat(t, { mp3Key: 'audio/uploads/not-there.mp3' });
    await t.deps.db.insert(entitlements).values({ userId: buyerId, beatId: gone.id, source: 'exclusive' });
    const link = (await t.app.inject(authed(buyer, { method: 'POST', url: '/api/download', payload: { beatId: gone.id, userId: buyerId, fileType: 'mp3' } }))).json() as DownloadLink;
    expectMessageOnly(await t.app.inject({ method: 'GET', url: link.url }), 404, 'This file is not available.');
  });

  it('redirects a public preview to a URL shared for a while, which serves the preview and its ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stream/${beat.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const location = res.headers.location as string;
    // Signed at the start of a five-minute window: everyone gets the same URL within it, so caches keep one copy.
    const q = new URL(location).searchParams;
    expect(q.get('X-Amz-Date')).toMatch(/^\d{8}T\d\d[0-5][05]00Z$/);
    expect(q.get('X-Amz-Expires')).toBe('900');

    const preview = await fetch(location);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await preview.arrayBuffer());
    expect(bytes.length).toBe((await t.deps.storage.stat(beat.previewKey!))!.size);
    const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('streams the waveform itself: scripts fetch it, and the bucket need not allow other origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}/waveform` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, channels: 1 });
  });

  it('leaves no object and aborts the multipart upload when an upload fails half-way', async () => {
    const before = await keysUnder('audio/uploads/');
    const broken = new Error('socket hang up');
    const wav = Buffer.concat([fixtureWav(), Buffer.alloc(12 * 1024 * 1024)]);
    const source = Readable.from(
      (async function* () {
        for (let at = 0; at < 10 * 1024 * 1024; at += 256 * 1024) yield wav.subarray(at, at + 256 * 1024);
        throw broken;
      })(),
    );
    const requestsBefore = s3.requests.length;
    await expect(storeBeatFile(t.deps, 'wav', source)).rejects.toBe(broken);
    expect(await keysUnder('audio/uploads/')).toEqual(before);

    const calls = s3.requests.slice(requestsBefore);
    // s3rver itself does not implement the abort (it responds with 405 and keeps the parts): what is checked here is that
    // the storage asks for it, for the upload it started, and never completes it.
    const uploadIdOf = (url: string) => new URL(url, 'http://s3').searchParams.get('uploadId');
    const started = [...new Set(calls.filter((r) => r.method === 'PUT' && uploadIdOf(r.url)).map((r) => uploadIdOf(r.url)))];
    expect(started).toHaveLength(1);
    expect(calls.filter((r) => r.method === 'DELETE' && uploadIdOf(r.url)).map((r) => uploadIdOf(r.url))).toEqual(started);
    expect(calls.filter((r) => r.method === 'POST' && uploadIdOf(r.url))).toEqual([]);
  });

  it('counts the bucket in readiness: ready while it answers, not ready naming file storage when it does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const missing = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      const readiness = await checkReadiness({ db: t.deps.db, storage: missing, limiter: t.deps.limiter });
      expect(readiness.ready).toBe(false);
      expect(readiness.problems).toEqual([expect.stringMatching(/^file storage failed/)]);
    } finally {
      missing.client.destroy();
    }
  });
});

