import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AdminBeat, AdminBeatsPage, Beat, BeatPage } from '@beat/shared';
import { auditLog, beats, entitlements } from '../../db/schema.js';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessageOnly } from '../../test/helper.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { previewJobHandlers } from '../previews/previews.jobs.js';
import { parseBuffer } from 'music-metadata';
import { encodeWav } from '../../seed/audio/wav.js';
import { fixtureMp3, fixtureWav, fixtureZip, multipart, validBeatFields, type FilePart } from './admin-test-kit.js';

/** Six seconds of a 16-bit mono WAV at 48 kHz: a master in another rate and layout than the MP3 made from it. */
function longWav(): Buffer {
  const rate = 48_000;
  const pcm = new Int16Array(6 * rate);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 330 * i) / rate) * 12_000);
  return encodeWav(pcm, rate);
}

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
let admin: string;

const mp3Part = (data = fixtureMp3()): FilePart => ({ name: 'mp3File', filename: 'night-shift.mp3', data, type: 'audio/mpeg' });
const wavPart = (data = fixtureWav()): FilePart => ({ name: 'wavFile', filename: 'night-shift.wav', data, type: 'audio/wav' });
const zipPart = (data = fixtureZip()): FilePart => ({ name: 'stemsFile', filename: 'stems.zip', data, type: 'application/zip' });

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: FilePart[] = []) {
  return t.app.inject(authed(admin, { method, url, ...(await multipart(fields, files)) }));
}
const create = (fields: Record<string, string>, files: FilePart[] = [mp3Part()]) => send('POST', '/api/admin/beats', fields, files);

/** The store as it stands once every queued preview has rendered. */
async function storeListing(query: string): Promise<Beat[]> {
  await runJobsUntilIdle(t.deps, previewJobHandlers(t.deps), { log: t.log });
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?${query}` });
  return (res.json() as BeatPage).beats;
}

async function uploadedFiles(): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'files', 'audio', 'uploads')).catch(() => []);
}

const t = fileTestApp({ clock });
beforeAll(async () => {
  await t.deps.storage.put('audio/test/preview.mp3', fixtureMp3());
  admin = await loginAs(t, await createUser(t, { isAdmin: true, email: 'boss@example.test' }));
});

describe('POST /api/admin/beats', () => {
  it('adds a beat with MP3, WAV and stems: stored, timed by decoding, and in the store once its preview is rendered', async () => {
    const res = await create(validBeatFields(), [mp3Part(), wavPart(), zipPart()]);
    expect(res.statusCode).toBe(201);
    const beat = (res.json() as { beat: AdminBeat }).beat;
    expect(beat).toMatchObject({
      beatTitle: 'Night Shift',
      artistName: 'DJ Test',
      category: 'Hip Hop',
      bpm: 92,
      releaseDate: '2026-05-01T00:00:00.000Z',
      tags: ['trap', 'dark', '808'],
      price: 24.99,
      beatType: 'Non-Exclusive',
      countdownEndTime: null,
      status: 'published',
      hasWav: true,
      hasStems: true,
      audioState: 'rendering',
      streamingMp3FileLink: null,
    });
    // The MP3 buyers download is made from the WAV master, not the 128 kbps mono MP3 sent beside it.
    expect(beat.fileInfo.mp3).toMatchObject({ format: 'mp3', bitrateKbps: 320, sampleRate: 44100, channels: 2, vbr: false });
    expect(beat.fileInfo.wav).toMatchObject({ format: 'wav', sampleRate: 44100, bitDepth: 16, channels: 1 });
    expect(beat.fileInfo.stems!.stems.map((s) => s.name).sort()).toEqual(['bass.wav', 'drums.wav']);
    expect(beat.durationSeconds).toBeCloseTo(beat.fileInfo.mp3!.durationSeconds, 4);
    expect(Math.abs(beat.durationSeconds! - 1.5)).toBeLessThan(0.1);
    expect(await storeListing('q=night%20shift')).toHaveLength(1);

    // The preview is rendered from the beat: never the uploaded MP3 or WAV.
    const [listed] = await storeListing('q=night%20shift');
    const stream = await t.app.inject({ method: 'GET', url: listed!.streamingMp3FileLink! });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(fixtureMp3())).toBe(false);
    expect(stream.rawPayload.equals(fixtureWav())).toBe(false);

    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat._id));
    expect(row!.priceCents).toBe(2499);
    expect(row!.mp3Key).toMatch(/^audio\/uploads\/[0-9a-f-]{36}\.mp3$/);
    expect(row!.previewKey).toMatch(/^audio\/previews\//);
    expect(row!.wavKey).toMatch(/\.wav$/);
    expect(row!.stemsKey).toMatch(/\.zip$/);
    expect((await t.deps.storage.stat(row!.stemsKey!))!.size).toBe(fixtureZip().length);

    const [audit] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'beat.create', actorEmail: 'boss@example.test', targetId: beat._id, before: null });
    expect(audit!.after).toMatchObject({ title: 'Night Shift', priceCents: 2499 });
  });

  it('adds an Exclusive with its price and countdown, and a Non-Exclusive without a lease price', async () => {
    const exclusive = await create(
      validBeatFields({ beatTitle: 'Crown Jewel', beatType: 'Exclusive', price: '499', countdownEndTime: '2026-06-10T18:00:00.000Z' }),
    );
    expect(exclusive.statusCode).toBe(201);
    expect(exclusive.json().beat).toMatchObject({ beatType: 'Exclusive', price: 499, countdownEndTime: '2026-06-10T18:00:00.000Z' });
    expect((await storeListing('type=Exclusive&q=crown')).map((b) => b.beatTitle)).toEqual(['Crown Jewel']);

    const free = await create(validBeatFields({ beatTitle: 'No Price Vibes', price: '', countdownEndTime: '2026-06-10T18:00:00.000Z' }));
    expect(free.statusCode).toBe(201);
    // A countdown means nothing on a Non-Exclusive beat.
    expect(free.json().beat).toMatchObject({ price: null, countdownEndTime: null, hasStems: false, wavFileLink: null });
  });

  it.each([
    [{ beatTitle: '' }, 'Beat Title is required'],
    [{ artistName: ' ' }, 'Artist Name is required'],
    [{ category: 'Polka' }, 'Category must be one of Electronic, Hip Hop, Rock or Jazz'],
    [{ category: '' }, 'Category is required'],
    [{ bpm: 'fast' }, 'BPM must be a whole number'],
    [{ bpm: '900' }, 'BPM must be between 20 and 400'],
    [{ releaseDate: '' }, 'Release Date is required'],
    [{ releaseDate: '2026-02-31x' }, 'Release Date must be a date (YYYY-MM-DD)'],
    [{ beatType: 'Lease' }, 'Type must be Exclusive or Non-Exclusive'],
    [{ price: '12.345' }, 'Price must be an amount in dollars, like 49.99'],
    [{ price: '0' }, 'Price must be more than $0.00 and at most $100,000.00'],
    [{ beatType: 'Exclusive', price: '', countdownEndTime: '2026-07-01T00:00:00Z' }, 'Price is required for an Exclusive beat'],
    [{ beatType: 'Exclusive', price: '300' }, 'Countdown end is required for an Exclusive beat'],
    [{ beatType: 'Exclusive', price: '300', countdownEndTime: '2026-05-01T00:00:00Z' }, 'Countdown end must be in the future.'],
    [{ tags: 'a,b,c,d,e,f,g,h,i,j,k,l,m' }, 'At most 12 tags'],
  ])('refuses %j with a readable 400 and keeps no file', async (overrides, message) => {
    const before = await uploadedFiles();
    expectMessageOnly(await create(validBeatFields(overrides as Record<string, string>), [mp3Part(), wavPart()]), 400, message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('requires an MP3 or a WAV', async () => {
    const before = await uploadedFiles();
    expectMessageOnly(await create(validBeatFields(), [zipPart()]), 400, 'An MP3 or a WAV file is required.');
    expect(await uploadedFiles()).toEqual(before);
  });

  it('makes the MP3 a buyer downloads from an uploaded WAV: 320 kbps constant bitrate, stereo, 44.1 kHz', async () => {
    const res = await create(validBeatFields({ beatTitle: 'Master Only' }), [wavPart(longWav())]);
    expect(res.statusCode).toBe(201);
    const beat = (res.json() as { beat: AdminBeat }).beat;
    expect(beat.durationSeconds).toBeCloseTo(6, 1);
    const [listed] = await storeListing('q=master%20only');
    expect(listed!.mp3FileLink).not.toBeNull();

    // What a buyer gets: the MP3 lease, bought, downloaded through its signed link.
    const buyer = await createUser(t, { email: 'lease-buyer@example.test' });
    await t.deps.db.insert(entitlements).values({ userId: buyer.id, beatId: beat._id, source: 'lease' });
    const token = await loginAs(t, buyer);
    const link = await t.app.inject(authed(token, { method: 'POST', url: '/api/download', payload: { beatId: beat._id, userId: buyer.id, fileType: 'mp3' } }));
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
    expect(file.statusCode).toBe(200);
    const { format } = await parseBuffer(file.rawPayload, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format).toMatchObject({ container: 'MPEG', codec: 'MPEG 1 Layer 3', codecProfile: 'CBR', bitrate: 320_000, numberOfChannels: 2, sampleRate: 44_100 });
    expect(format.duration).toBeCloseTo(6, 0);
  });

  it('treats an empty file input as no file, as a browser sends it', async () => {
    const boundary = '----browserform';
    const fields = Object.entries(validBeatFields()).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const emptyFile = `--${boundary}\r\nContent-Disposition: form-data; name="wavFile"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`;
    const payload = `${fields.join('')}${emptyFile}--${boundary}--\r\n`;
    const res = await t.app.inject(
      authed(admin, { method: 'POST', url: '/api/admin/beats', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
    );
    expect(res.json()).toEqual({ message: 'An MP3 or a WAV file is required.' });
    const empty = await create(validBeatFields(), [{ name: 'mp3File', filename: 'empty.mp3', data: Buffer.alloc(0) }]);
    expect(empty.json()).toEqual({ message: 'The MP3 file is empty.' });
  });

  it.each([
    ['a WAV sent as the MP3', [mp3Part(fixtureWav())], 'The MP3 file is not an MP3: it looks like a WAV file.'],
    ['an ID3 tag with no audio', [mp3Part(Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a'), Buffer.alloc(70_000, 7)]))], 'The MP3 file holds no MP3 audio that can be read; it may be damaged or incomplete.'],
    ['an MP3 sent as the WAV', [mp3Part(), wavPart(fixtureMp3())], 'The WAV file is not a WAV: it looks like an MP3 file.'],
    ['a WAV sent as the stems', [mp3Part(), zipPart(fixtureWav())], 'The stems file is not a ZIP archive: it looks like a WAV file.'],
    ['an empty WAV', [mp3Part(), wavPart(Buffer.alloc(0))], 'The WAV file is empty.'],
    ['a tiny "ZIP"', [mp3Part(), zipPart(Buffer.from('PK'))], 'The stems file is not a ZIP archive.'],
    ['an unknown file field', [mp3Part(), { name: 'cover', filename: 'a.png', data: Buffer.from('x') }], 'Unexpected file field "cover": use mp3File, wavFile or stemsFile.'],
    ['two MP3s', [mp3Part(), mp3Part()], 'Send one MP3 file at most.'],
  ])('checks files by content: refuses %s', async (_name, files, message) => {
    const before = await uploadedFiles();
    expectMessageOnly(await create(validBeatFields(), files as FilePart[]), 400, message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses an MP3 over 50 MB while it streams, and stores none of it', async () => {
    const mp3 = fixtureMp3();
    const big = Buffer.concat(Array.from({ length: Math.ceil((50 * 1024 * 1024 + 1) / mp3.length) }, () => mp3));
    const before = await uploadedFiles();
    expectMessageOnly(await create(validBeatFields(), [mp3Part(big)]), 400, 'The MP3 file is larger than 50 MB.');
    expect(await uploadedFiles()).toEqual(before);
  });

  it('asks for multipart when sent JSON', async () => {
    const res = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/beats', payload: validBeatFields() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Send the beat as multipart\/form-data/);
  });
});

describe('PUT /api/admin/beats/:beatId', () => {
  it('edits the fields, replaces only the files sent, and the store shows the change at once', async () => {
    const created = (await create(validBeatFields({ beatTitle: 'Before Edit' }), [mp3Part(), wavPart()])).json().beat as AdminBeat;
    const [original] = await t.deps.db.select().from(beats).where(eq(beats.id, created._id));

    const res = await send('PUT', `/api/admin/beats/${created._id}`, validBeatFields({ beatTitle: 'After Edit', bpm: '140', tags: 'drill' }), [zipPart()]);
    expect(res.statusCode).toBe(200);
    expect(res.json().beat).toMatchObject({ beatTitle: 'After Edit', bpm: 140, tags: ['drill'], hasStems: true });
    const [edited] = await t.deps.db.select().from(beats).where(eq(beats.id, created._id));
    expect(edited!.mp3Key).toBe(original!.mp3Key);
    expect(edited!.wavKey).toBe(original!.wavKey);

    expect((await storeListing('q=after%20edit')).map((b) => b._id)).toEqual([created._id]);
    expect(await storeListing('q=before%20edit')).toEqual([]);

    const [audit] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'beat.update', targetId: created._id });
    expect(audit!.before).toMatchObject({ title: 'Before Edit', stemsKey: null });
    expect(audit!.after).toMatchObject({ title: 'After Edit', bpm: 140 });
  });

  it('a new MP3 replaces the preview and the duration, and the old upload is removed', async () => {
    const created = (await create(validBeatFields({ beatTitle: 'Swap Audio' }))).json().beat as AdminBeat;
    const [original] = await t.deps.db.select().from(beats).where(eq(beats.id, created._id));
    const [before] = await storeListing('q=swap%20audio');
    const longer = Buffer.concat([fixtureMp3(), fixtureMp3()]);
    const res = await send('PUT', `/api/admin/beats/${created._id}`, validBeatFields({ beatTitle: 'Swap Audio' }), [mp3Part(longer)]);
    expect(res.statusCode).toBe(200);
    expect(Math.abs(res.json().beat.durationSeconds - 2 * created.durationSeconds!)).toBeLessThan(0.1);
    const [after] = await storeListing('q=swap%20audio');
    expect(after!.streamingMp3FileLink).not.toBe(before!.streamingMp3FileLink);
    const stream = await t.app.inject({ method: 'GET', url: after!.streamingMp3FileLink! });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(longer)).toBe(false);
    expect(await t.deps.storage.stat(original!.mp3Key)).toBeNull();
  });

  it('never deletes a shared demo file it replaces', async () => {
    const demo = await createBeat(t, { title: 'Demo Shared' });
    const res = await send('PUT', `/api/admin/beats/${demo.id}`, validBeatFields({ beatTitle: 'Demo Shared' }), [mp3Part()]);
    expect(res.statusCode).toBe(200);
    expect(await t.deps.storage.stat('audio/test/preview.mp3')).not.toBeNull();
  });

  it('keeps a sold exclusive’s type and price', async () => {
    const sold = await createBeat(t, {
      beatType: 'Exclusive',
      priceCents: 30000,
      soldAt: new Date('2026-05-20T00:00:00Z'),
      countdownEndTime: new Date('2026-05-25T00:00:00Z'),
    });
    const fields = validBeatFields({ beatType: 'Exclusive', price: '300', countdownEndTime: '2026-05-25T00:00:00.000Z', beatTitle: 'Renamed Sold' });
    const ok = await send('PUT', `/api/admin/beats/${sold.id}`, fields);
    expect(ok.statusCode).toBe(200);
    expectMessageOnly(await send('PUT', `/api/admin/beats/${sold.id}`, { ...fields, price: '10' }), 409, 'This exclusive has been sold: its type and price can no longer change.');
  });

  it('answers 404 for an unknown beat, 400 for a bad id, and removes the files it received', async () => {
    const before = await uploadedFiles();
    expectMessageOnly(await send('PUT', '/api/admin/beats/00000000-0000-4000-8000-000000000000', validBeatFields(), [mp3Part()]), 404, 'This beat does not exist.');
    expect(await uploadedFiles()).toEqual(before);
    expectMessageOnly(await send('PUT', '/api/admin/beats/nope', validBeatFields()), 400, 'beatId is not a valid id');
  });
});

describe('unpublish, publish and delete', () => {
  it('unpublish takes a beat out of the store, publish brings it back; each is logged', async () => {
    const beat = await createBeat(t, { title: 'Toggle Me' });
    const off = await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beat.id}/unpublish` }));
    expect(off.statusCode).toBe(200);
    expect(off.json().beat).toMatchObject({ status: 'unpublished', published: false });
    expect(await storeListing('q=toggle')).toEqual([]);
    // Still in the admin list, marked.
    const list = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?q=toggle' }));
    expect((list.json() as AdminBeatsPage).beats.map((b) => b.status)).toEqual(['unpublished']);

    const on = await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beat.id}/publish` }));
    expect(on.json().beat.status).toBe('published');
    expect((await storeListing('q=toggle')).map((b) => b._id)).toEqual([beat.id]);
    const actions = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, beat.id));
    expect(actions.map((a) => a.action)).toEqual(['beat.unpublish', 'beat.publish']);
  });

  it('delete hides the beat everywhere but keeps it for its owners', async () => {
    const beat = await createBeat(t, { title: 'Owned Then Deleted' });
    const owner = await createUser(t);
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: beat.id, source: 'lease' });

    expectMessageOnly(await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/beats/${beat.id}` })), 200, 'Beat deleted');
    expect(await storeListing('q=owned%20then')).toEqual([]);
    const list = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?q=owned%20then' }));
    expect(list.json().beats).toEqual([]);

    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row).toMatchObject({ published: false, deletedAt: clock.now() });
    expect(await t.deps.db.select().from(entitlements).where(eq(entitlements.beatId, beat.id))).toHaveLength(1);

    // The owner still gets a download link for it.
    const ownerToken = await loginAs(t, owner);
    const download = await t.app.inject(
      authed(ownerToken, { method: 'POST', url: '/api/download', payload: { beatId: beat.id, userId: owner.id, fileType: 'mp3' } }),
    );
    expect(download.statusCode).toBe(200);

    // A deleted beat cannot be published again or deleted twice.
    expectMessageOnly(await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beat.id}/publish` })), 404, 'This beat was deleted.');
  });

  it('answers 404 for unknown beats', async () => {
    for (const [method, suffix] of [
      ['POST', '/unpublish'],
      ['POST', '/publish'],
      ['DELETE', ''],
      ['GET', ''],
    ] as const) {
      const res = await t.app.inject(authed(admin, { method, url: `/api/admin/beats/00000000-0000-4000-8000-000000000000${suffix}` }));
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/beats', () => {
  it('pages Leases and Exclusives separately and searches titles, tags and artists', async () => {
    for (let i = 0; i < 5; i++) await createBeat(t, { title: `Paged Lease ${i}`, artistName: 'Pager', createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    await createBeat(t, { title: 'Paged Exclusive', artistName: 'Pager', beatType: 'Exclusive', priceCents: 9900 });

    const first = (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?q=pager&type=Non-Exclusive&pageSize=2' }))).json() as AdminBeatsPage;
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.beats.map((b) => b.beatTitle)).toEqual(['Paged Lease 4', 'Paged Lease 3']);
    const third = (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?q=pager&type=Non-Exclusive&pageSize=2&page=3' }))).json() as AdminBeatsPage;
    expect(third.beats.map((b) => b.beatTitle)).toEqual(['Paged Lease 0']);

    const exclusives = (await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?q=pager&type=Exclusive' }))).json() as AdminBeatsPage;
    expect(exclusives.beats.map((b) => b.beatTitle)).toEqual(['Paged Exclusive']);
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['pageSize=101', 'pageSize must be between 1 and 100'],
    ['type=Lease', 'type: Invalid option: expected one of "Exclusive"|"Non-Exclusive"'],
  ])('refuses %s with a 400', async (query, message) => {
    expectMessageOnly(await t.app.inject(authed(admin, { method: 'GET', url: `/api/admin/beats?${query}` })), 400, message);
  });
});
