/** The /vip intro video: an admin's upload checked by content, served with ranges, and the store's own rendered by a job (docs/product/store-pages.md#intro-video). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { introVideoLimits } from '@beat/shared';
import { introVideo, jobs } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { encodeMp3 } from '../../seed/audio/mp3.js';
import { adminAndMemberTokens, authed, createBeat, createTestApp, createUser, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { enqueueIntroVideoRender, INTRO_VIDEO_QUEUE } from './intro-video.service.js';
import { storePagesJobHandlers } from './store-pages.jobs.js';

const t = fileTestApp();
const tokens = adminAndMemberTokens(t);

// The smallest files whose first bytes are what they claim: an MP4 ftyp box, a PNG signature, a WebVTT header.
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const vtt = () => Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nBeat Market\n');

interface Part {
  name: string;
  filename: string;
  data: Buffer;
  type?: string;
}

async function upload(token: string | null, parts: Part[]) {
  const form = new FormData();
  for (const p of parts) form.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.filename);
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/intro-video',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const video = (data = mp4(), filename = 'intro.mp4') => ({ name: 'videoFile', filename, data, type: 'video/mp4' });
const poster = (data = png(), filename = 'poster.png') => ({ name: 'posterFile', filename, data, type: 'image/png' });

describe('the store without an intro video', () => {
  it('says so, and its files answer 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/intro-video' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ video: null, posterUrl: null, captionsUrl: null, rendering: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/intro-video/video' })).statusCode).toBe(404);
  });
});

describe('uploading the intro video', () => {
  it('refuses a file that is not a video by its content, whatever its name, and keeps nothing', async () => {
    expectMessage(await upload(tokens.admin, [video(Buffer.from('<html>not a video</html>'.repeat(20)), 'intro.mp4'), poster()]), 400, 'The video must be MP4 or WebM; this file is not.');
    const posterAsVideo = await upload(tokens.admin, [video(), poster(mp4(), 'poster.png')]);
    expect(posterAsVideo.statusCode).toBe(400);
    expect(posterAsVideo.json().message).toContain('poster image must be JPEG, PNG or WebP');
    const [row] = await t.deps.db.select().from(introVideo);
    expect(row!.videoKey).toBeNull();
  });

  it('asks for the poster with the video', async () => {
    const res = await upload(tokens.admin, [video()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('poster image');
  });

  it('answers 413 for a file over its limit', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(introVideoLimits.poster.maxBytes, 1)]);
    expectMessage(await upload(tokens.admin, [video(), poster(big)]), 413, 'The poster image is larger than 5 MB.');
  });

  it('is for admins only', async () => {
    expect((await upload(null, [video(), poster()])).statusCode).toBe(401);
    expect((await upload(tokens.member, [video(), poster()])).statusCode).toBe(403);
  });

  it('stores the video, poster and captions, and serves the video in ranges', async () => {
    const data = mp4();
    const res = await upload(tokens.admin, [video(data), poster(), { name: 'captionsFile', filename: 'captions.vtt', data: vtt(), type: 'text/vtt' }]);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.video.type).toBe('video/mp4');
    expect(view.generated).toBe(false);
    expect(view.captionsUrl).toMatch(/^\/api\/intro-video\/captions\?v=\d+$/);

    const whole = await t.app.inject({ method: 'GET', url: view.video.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: view.video.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    const captions = await t.app.inject({ method: 'GET', url: view.captionsUrl });
    expect(captions.headers['content-type']).toContain('text/vtt');
    expect(captions.body).toContain('Beat Market');
    const image = await t.app.inject({ method: 'GET', url: view.posterUrl });
    expect(image.headers['content-type']).toBe('image/png');
  });
});

describe("the store's own intro video", () => {
  it('is rendered by a job from a listed beat’s preview, unless an admin’s upload is there', async () => {
    const r = await createTestApp();
    try {
      // A 3-second preview in storage: shorter than where the clip starts, so it is drawn from its beginning.
      const rate = 22050;
      const pcm = new Int16Array(rate * 3).map((_, i) => Math.round(Math.sin((2 * Math.PI * 110 * i) / rate) * 12000 * ((i % rate) / rate)));
      await r.deps.storage.put('audio/test/intro-preview.mp3', encodeMp3(pcm, rate, 128));
      await createBeat(r, { previewKey: 'audio/test/intro-preview.mp3', durationSeconds: 3 });

      await enqueueIntroVideoRender(r.deps.db, r.deps.clock);
      expect((await r.app.inject({ method: 'GET', url: '/api/intro-video' })).json().rendering).toBe(true);
      await runJobsUntilIdle(r.deps, storePagesJobHandlers(r.deps, r.log), { log: r.log });

      const [job] = await r.deps.db.select().from(jobs).where(eq(jobs.queue, INTRO_VIDEO_QUEUE));
      expect([job!.status, job!.lastError]).toEqual(['done', null]);
      const view = (await r.app.inject({ method: 'GET', url: '/api/intro-video' })).json();
      expect(view).toMatchObject({ generated: true, rendering: false, video: { type: 'video/mp4' } });
      const file = await r.app.inject({ method: 'GET', url: view.video.url, headers: { range: 'bytes=0-63' } });
      expect(file.statusCode).toBe(206);
      expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const posterFile = await r.app.inject({ method: 'GET', url: view.posterUrl });
      expect(posterFile.headers['content-type']).toBe('image/jpeg');
      expect([...posterFile.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      // An upload replaces it; rendering again keeps the upload.
      const admin2 = await loginAs(r, await createUser(r, { isAdmin: true }));
      const form = new FormData();
      form.append('videoFile', new Blob([new Uint8Array(mp4())]), 'mine.mp4');
      form.append('posterFile', new Blob([new Uint8Array(png())]), 'mine.png');
      const request = new Request('http://localhost/', { method: 'PUT', body: form });
      const up = await r.app.inject(
        authed(admin2, {
          method: 'PUT',
          url: '/api/admin/intro-video',
          payload: Buffer.from(await request.arrayBuffer()),
          headers: { 'content-type': request.headers.get('content-type')! },
        }),
      );
      expect(up.statusCode).toBe(200);
      await enqueueIntroVideoRender(r.deps.db, r.deps.clock);
      await runJobsUntilIdle(r.deps, storePagesJobHandlers(r.deps, r.log), { log: r.log });
      const after = (await r.app.inject({ method: 'GET', url: '/api/intro-video' })).json();
      expect(after.generated).toBe(false);
      expect(after.posterUrl).toBe(up.json().posterUrl);
    } finally {
      await r.close();
    }
  }, 120_000);
});
