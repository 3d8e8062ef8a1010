import { beforeAll, describe, expect, it } from 'vitest';
import type { Beat, BeatPage } from '@beat/shared';
import { createBeat, fileTestApp, expectMessage, expectMessageOnly } from '../../test/helper.js';

const audio = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

const t = fileTestApp();
beforeAll(async () => {
  await t.deps.storage.put('audio/test/preview.mp3', audio);
  const day = 86_400_000;
  const base = new Date('2026-06-01T00:00:00Z').getTime();
  await createBeat(t, { title: 'Midnight Drip', tags: ['trap', 'dark'], releaseDate: new Date(base - 1 * day) });
  await createBeat(t, { title: 'Golden Hour', tags: ['Lofi', 'chill'], artistName: 'Luna Ferris', category: 'Jazz', releaseDate: new Date(base - 2 * day) });
  await createBeat(t, { title: 'Neon 100%_Pure', tags: ['house'], releaseDate: new Date(base - 3 * day) });
  await createBeat(t, { title: 'Royal Flex', tags: ['drill'], category: 'Rock', releaseDate: new Date(base - 4 * day), priceCents: null });
  await createBeat(t, {
    title: 'Crimson Empire',
    tags: ['cinematic'],
    beatType: 'Exclusive',
    priceCents: 49900,
    countdownEndTime: new Date(base + 5 * day),
    stemsKey: 'audio/test/stems.zip',
    wavKey: 'audio/test/full.wav',
    releaseDate: new Date(base - 5 * day),
  });
  await createBeat(t, { title: 'Hidden Draft', published: false });
  await createBeat(t, { title: 'Sold Exclusive', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date() });
});

const page = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as BeatPage;
};
const titles = (beats: Beat[]) => beats.map((b) => b.beatTitle);

describe('GET /api/getbeats', () => {
  it('lists every listed beat with the product’s field names, never unpublished or sold ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getbeats' });
    expect(res.statusCode).toBe(200);
    const { beats } = res.json() as { beats: Beat[] };
    expect(titles(beats).sort()).toEqual(['Crimson Empire', 'Golden Hour', 'Midnight Drip', 'Neon 100%_Pure', 'Royal Flex']);
    const exclusive = beats.find((b) => b.beatTitle === 'Crimson Empire')!;
    expect(exclusive).toMatchObject({
      beatType: 'Exclusive',
      price: 499,
      countdownEndTime: '2026-06-06T00:00:00.000Z',
      hasStems: true,
      streamingMp3FileLink: `/api/stream/${exclusive._id}?v=test-render`,
      zipFileLink: `/api/beats/${exclusive._id}/files/stems`,
    });
    const royal = beats.find((b) => b.beatTitle === 'Royal Flex')!;
    expect(royal).toMatchObject({ price: null, hasStems: false, zipFileLink: null, wavFileLink: null });
  });
});

describe('GET /api/beats', () => {
  it('pages newest first with a cursor until the end', async () => {
    const first = await page('type=Non-Exclusive&limit=2');
    expect(titles(first.beats)).toEqual(['Midnight Drip', 'Golden Hour']);
    expect(first.nextCursor).toBeTruthy();
    const second = await page(`type=Non-Exclusive&limit=2&cursor=${first.nextCursor}`);
    expect(titles(second.beats)).toEqual(['Neon 100%_Pure', 'Royal Flex']);
    expect(second.nextCursor).toBeNull();
  });

  it('searches title or any tag, case-insensitively, as a substring', async () => {
    expect(titles((await page('q=DRIP')).beats)).toEqual(['Midnight Drip']);
    expect(titles((await page('q=lofi')).beats)).toEqual(['Golden Hour']);
    // The artist's name and the genre are searched too.
    expect(titles((await page('q=luna%20fer')).beats)).toEqual(['Golden Hour']);
    expect(titles((await page('q=JAZZ')).beats)).toEqual(['Golden Hour']);
    expect(titles((await page('q=rock')).beats)).toEqual(['Royal Flex']);
    expect(titles((await page('q=ill')).beats)).toEqual(['Golden Hour', 'Royal Flex']); // chill, drill
    expect(titles((await page('q=cinema&type=Exclusive')).beats)).toEqual(['Crimson Empire']);
    expect(titles((await page('q=cinema&type=Non-Exclusive')).beats)).toEqual([]);
  });

  it('takes % and _ literally and never matches across title and tag', async () => {
    expect(titles((await page(`q=${encodeURIComponent('100%_')}`)).beats)).toEqual(['Neon 100%_Pure']);
    expect(titles((await page('q=%25')).beats)).toEqual(['Neon 100%_Pure']);
    // "drip" + newline + "trap": a match spanning title and tag must not be found.
    expect(titles((await page(`q=${encodeURIComponent('drip trap')}`)).beats)).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be between 1 and 100'],
    ['limit=500', 'limit must be between 1 and 100'],
    ['limit=abc', 'limit must be a number'],
    ['type=Other', 'type: Invalid option: expected one of "Exclusive"|"Non-Exclusive"'],
    ['cursor=garbage', 'cursor is not valid: use the nextCursor of the previous page.'],
    [`q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
  ])('refuses %s with a readable 400', async (query, message) => {
    expectMessageOnly(await t.app.inject({ method: 'GET', url: `/api/beats?${query}` }), 400, message);
  });
});

describe('GET /api/stream/{beatId}', () => {
  it('streams the preview whole, with type and caching headers', async () => {
    const { beats } = await page('q=midnight');
    const res = await t.app.inject({ method: 'GET', url: beats[0]!.streamingMp3FileLink! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('answers Range requests with 206 and the exact bytes', async () => {
    const { beats } = await page('q=midnight');
    const url = beats[0]!.streamingMp3FileLink!;
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(audio.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 10))).toBe(true);

    const open = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=4990-' } });
    expect(open.rawPayload.equals(audio.subarray(4990))).toBe(true);

    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=9000-9100' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${audio.length}`);
  });

  it('answers 404 for an unknown beat and 400 for a bad id', async () => {
    expectMessage(await t.app.inject({ method: 'GET', url: '/api/stream/00000000-0000-4000-8000-000000000000' }), 404, 'This beat has no public preview.');
    expectMessage(await t.app.inject({ method: 'GET', url: '/api/stream/123' }), 400, 'beatId is not a valid id');
  });
});

describe('GET /api/config', () => {
  it('answers the prices the server charges and the VIP catalog size', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ vipPlanPrice: 29, stemsPrice: 25, leasePrice: 19.99, vipCatalogSize: 4 });
  });
});
