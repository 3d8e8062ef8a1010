/**
 * The public catalog's cached responses (docs/decisions/0016-catalog-cache.md): a write is visible in the
 * very next response, ETags and 304s, compression as the client asks, the full catalog equal to a fresh
 * build, and a cache that stays within its budget.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { beatsResponse, type BeatPage, type StoreConfig } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { beats, catalogVersion, jobs, type UserRow } from '../../db/schema.js';
import { readCatalogVersion } from '../../db/catalog-version.js';
import { multipart, validBeatFields } from '../admin/admin-test-kit.js';
import { body, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';
import { turnOverEndedExclusives } from '../countdown/countdown.service.js';
import { COUNTDOWN_QUEUE, countdownJobHandlers } from '../countdown/countdown.job.js';
import { startJobWorker } from '../../jobs/job-worker.js';
import { toBeatDto } from './beat-dto.js';
import { listAllBeats } from './beats.service.js';
import { createCatalogCache } from './catalog-cache.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
let admin: string;
let buyer: UserRow;
let buyerToken: string;

const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

const t = fileTestApp({ clock });
beforeAll(async () => {
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
  buyer = await createUser(t);
  buyerToken = await loginAs(t, buyer);
  for (let i = 0; i < 30; i++) {
    await createBeat(t, { title: `Filler ${i}`, releaseDate: new Date(Date.UTC(2025, 0, 1 + i)), tags: ['filler', 'long tag text to pass a kilobyte'] });
  }
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const page = async (query: string) => (await get(`/api/beats?${query}`)).json() as BeatPage;
const titles = async (query: string) => (await page(query)).beats.map((b) => b.beatTitle);
/** The fresh response of GET /api/getbeats, computed without any cache, as the route serialises it. */
const freshFullCatalog = async () => JSON.stringify(z.encode(beatsResponse, { beats: (await listAllBeats(t.deps)).map(toBeatDto) }));

describe('catalog version', () => {
  it('is bumped by writes the catalog shows, in their transaction, and not by counted plays or reservations', async () => {
    const beat = await createBeat(t, { title: 'Version Probe' });
    let before = await readCatalogVersion(t.deps.db);
    await t.deps.db.update(beats).set({ playCount: sql`${beats.playCount} + 1`, updatedAt: new Date() }).where(eq(beats.id, beat.id));
    await t.deps.db.update(beats).set({ reservedBy: buyer.id, reservedUntil: new Date() }).where(eq(beats.id, beat.id));
    expect(await readCatalogVersion(t.deps.db)).toBe(before);

    await t.deps.db.update(beats).set({ bpm: 99 }).where(eq(beats.id, beat.id));
    expect(await readCatalogVersion(t.deps.db)).toBe(before + 1);

    // A rolled-back write leaves the version as it was.
    before = await readCatalogVersion(t.deps.db);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.update(beats).set({ title: 'Never Seen' }).where(eq(beats.id, beat.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readCatalogVersion(t.deps.db)).toBe(before);

    await t.deps.db.delete(beats).where(eq(beats.id, beat.id));
    expect(await readCatalogVersion(t.deps.db)).toBe(before + 1);
    expect(await t.deps.db.select().from(catalogVersion)).toHaveLength(1);
  });

  it('keeps the VIP catalog size exact through every kind of write to beats', async () => {
    const kept = async () => (await t.deps.db.select({ n: catalogVersion.vipCatalogSize }).from(catalogVersion))[0]!.n;
    const counted = async () =>
      Number(
        (
          await t.deps.db.execute<{ n: string }>(
            sql`select count(*) as n from beats where beat_type = 'Non-Exclusive' and published and sold_at is null and preview_key is not null`,
          )
        ).rows[0]!.n,
      );
    const start = await kept();
    expect(start).toBe(await counted());
    const fields = { title: 'VIP Count', artistName: 'A', bpm: 90, releaseDate: new Date('2026-01-01T00:00:00Z'), tags: [], priceCents: 1999, mp3Key: 'audio/x.mp3' };

    // One statement inserting listed leases, a draft, an exclusive and a beat without its preview yet.
    const rows = await t.deps.db
      .insert(beats)
      .values([
        { ...fields, beatType: 'Non-Exclusive', previewKey: 'p1.mp3' },
        { ...fields, beatType: 'Non-Exclusive', previewKey: 'p2.mp3' },
        { ...fields, beatType: 'Non-Exclusive', previewKey: 'p3.mp3', published: false },
        { ...fields, beatType: 'Exclusive', previewKey: 'p4.mp3' },
        { ...fields, beatType: 'Non-Exclusive', previewKey: null },
      ])
      .returning();
    expect(await kept()).toBe(start + 2);
    const [lease1, lease2, draft, exclusive, unrendered] = rows.map((r) => r.id) as [string, string, string, string, string];

    await t.deps.db.update(beats).set({ published: true }).where(eq(beats.id, draft));
    await t.deps.db.update(beats).set({ previewKey: 'p5.mp3' }).where(eq(beats.id, unrendered));
    expect(await kept()).toBe(start + 4);
    await t.deps.db.update(beats).set({ beatType: 'Non-Exclusive' }).where(eq(beats.id, exclusive));
    expect(await kept()).toBe(start + 5);
    // One statement changing several rows, in both directions, and a change that leaves a beat listed.
    await t.deps.db.execute(sql`update beats set published = (id = ${lease1}) where id in (${lease1}, ${lease2}, ${draft})`);
    await t.deps.db.update(beats).set({ bpm: 140 }).where(eq(beats.id, lease1));
    expect(await kept()).toBe(start + 3);
    await t.deps.db.update(beats).set({ soldAt: new Date() }).where(eq(beats.id, exclusive));
    expect(await kept()).toBe(start + 2);
    // A rolled-back write moves nothing.
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.delete(beats).where(eq(beats.id, lease1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept()).toBe(start + 2);
    await t.deps.db.delete(beats).where(sql`${beats.id} in ${rows.map((r) => r.id)}`);
    expect(await kept()).toBe(start);
    expect(await kept()).toBe(await counted());
  });
});

describe('a write is visible in the very next catalog answer', () => {
  it('an admin edit', async () => {
    const beat = await createBeat(t, { title: 'Before The Edit', releaseDate: new Date('2026-05-01T00:00:00Z') });
    expect(await titles('q=before%20the%20edit')).toEqual(['Before The Edit']);
    const edited = await t.app.inject(
      authed(admin, { method: 'PUT', url: `/api/admin/beats/${beat.id}`, ...(await multipart(validBeatFields({ beatTitle: 'After The Edit' }))) }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await titles('q=before%20the%20edit')).toEqual([]);
    expect(await titles('q=after%20the%20edit')).toEqual(['After The Edit']);
  });

  it('an unpublish, on pages, the full catalog and the VIP catalog size', async () => {
    const beat = await createBeat(t, { title: 'Soon Hidden', releaseDate: new Date('2027-01-01T00:00:00Z') });
    const size = ((await get('/api/config')).json() as StoreConfig).vipCatalogSize;
    expect((await titles('limit=5'))[0]).toBe('Soon Hidden');
    expect((await get('/api/getbeats')).json().beats.some((b: { _id: string }) => b._id === beat.id)).toBe(true);

    const off = await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beat.id}/unpublish` }));
    expect(off.statusCode).toBe(200);
    expect(await titles('limit=5')).not.toContain('Soon Hidden');
    expect((await get('/api/getbeats')).json().beats.some((b: { _id: string }) => b._id === beat.id)).toBe(false);
    expect(((await get('/api/config')).json() as StoreConfig).vipCatalogSize).toBe(size - 1);
  });

  it('the sale of an exclusive', async () => {
    const exclusive = await createBeat(t, { title: 'Sold Crown', beatType: 'Exclusive', priceCents: 50000 });
    expect(await titles('type=Exclusive&q=sold%20crown')).toEqual(['Sold Crown']);
    const opened = await openCheckoutOk(t, buyerToken, 'exclusive', body(buyer, { beatId: exclusive.id, price: 500, beatName: 'Sold Crown' }));
    expect((await payAtTestCheckout(t, opened.sessionId)).statusCode).toBe(303);
    expect(await titles('type=Exclusive&q=sold%20crown')).toEqual([]);
  });

  it('the end of a countdown', async () => {
    const ending = await createBeat(t, {
      title: 'Clock Runs Out',
      beatType: 'Exclusive',
      priceCents: 40000,
      countdownEndTime: new Date(clock.now().getTime() + 60_000),
    });
    expect(await titles('type=Exclusive&q=clock%20runs')).toEqual(['Clock Runs Out']);
    expect(await titles('type=Non-Exclusive&q=clock%20runs')).toEqual([]);
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect((await turnOverEndedExclusives(t.deps, ending.id)).map((b) => b.id)).toEqual([ending.id]);
    expect(await titles('type=Exclusive&q=clock%20runs')).toEqual([]);
    expect(await titles('type=Non-Exclusive&q=clock%20runs')).toEqual(['Clock Runs Out']);
  });

  it('the end of a countdown, turned over by the background job', async () => {
    await createBeat(t, { title: 'Swept By The Job', beatType: 'Exclusive', priceCents: 40000, countdownEndTime: new Date(clock.now().getTime() + 60_000) });
    expect(await titles('type=Exclusive&q=swept%20by')).toEqual(['Swept By The Job']);
    clock.set(new Date(clock.now().getTime() + 60_000));
    const worker = await startJobWorker(t.deps, countdownJobHandlers(t.deps, t.log), { concurrency: 1, log: t.log, pollMs: 10 });
    try {
      // The job's own bookkeeping comes after its write has returned: once it is done, the write is this process's past.
      const swept = async () => (await t.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.queue, COUNTDOWN_QUEUE))).some((j) => j.status === 'done');
      await expect.poll(swept, { timeout: 10_000, interval: 10 }).toBe(true);
      expect(await titles('type=Exclusive&q=swept%20by')).toEqual([]);
      expect(await titles('type=Non-Exclusive&q=swept%20by')).toEqual(['Swept By The Job']);
    } finally {
      await worker.stop();
    }
  });
});

describe('ETag and 304', () => {
  it('answers 304 to the ETag it gave, and a changed catalog changes the ETag', async () => {
    const first = await get('/api/beats?limit=10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"c\d+-[\w-]+"$/);

    const again = await get('/api/beats?limit=10', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another query is another response.
    expect((await get('/api/beats?limit=11', { 'if-none-match': etag })).statusCode).toBe(200);

    await createBeat(t, { title: 'Fresh Arrival', releaseDate: new Date('2028-01-01T00:00:00Z') });
    const changed = await get('/api/beats?limit=10', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as BeatPage).beats[0]!.beatTitle).toBe('Fresh Arrival');
  });

  it('the ETag names the version and the query, so every server process gives the same one', async () => {
    const a = await get('/api/beats?limit=7&q=filler');
    const b = await get('/api/beats?q=FILLER&limit=7');
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.headers.etag).toContain(`c${await readCatalogVersion(t.deps.db)}-`);
  });
});

describe('compression', () => {
  it('answers brotli, gzip or plain JSON as Accept-Encoding asks, and says it varies', async () => {
    const plain = await get('/api/beats?limit=20');
    const json = plain.body;
    expect(json.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get('/api/beats?limit=20', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(json.length / 3);
    expect((await unbrotli(br.rawPayload)).toString()).toBe(json);

    const gz = await get('/api/beats?limit=20', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await gunzip(gz.rawPayload)).toString()).toBe(json);

    const none = await get('/api/beats?limit=20', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(json);
  });

  it('compresses other API answers over 1 KB, and leaves small ones alone', async () => {
    const big = await t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?pageSize=20', headers: { 'accept-encoding': 'gzip' } }));
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(String(big.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse((await gunzip(big.rawPayload)).toString())).toHaveProperty('beats');
    // Brotli first when both are as welcome; the client's weights decide otherwise.
    const admins = (acceptEncoding: string) =>
      t.app.inject(authed(admin, { method: 'GET', url: '/api/admin/beats?pageSize=20', headers: { 'accept-encoding': acceptEncoding } }));
    expect((await admins('gzip, deflate, br')).headers['content-encoding']).toBe('br');
    expect((await admins('br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await admins('identity')).headers['content-encoding']).toBeUndefined();

    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/getbeats', () => {
  it('is the same JSON as a fresh build, in every encoding, however small its chunks', async () => {
    // Exclusives come first, then the VIP catalog: the build joins the two.
    for (let i = 0; i < 5; i++) await createBeat(t, { title: `Listed Exclusive ${i}`, beatType: 'Exclusive', priceCents: 30000 });
    const fresh = await freshFullCatalog();
    expect(new Set(JSON.parse(fresh).beats.map((b: { beatType: string }) => b.beatType)).size).toBe(2);
    expect(JSON.parse(fresh).beats.length).toBeGreaterThanOrEqual(30);
    const served = await get('/api/getbeats');
    expect(served.body).toBe(fresh);
    expect((await unbrotli((await get('/api/getbeats', { 'accept-encoding': 'br' })).rawPayload)).toString()).toBe(fresh);
    expect((await gunzip((await get('/api/getbeats', { 'accept-encoding': 'gzip' })).rawPayload)).toString()).toBe(fresh);

    // Chunks of 4 rows: the joins between chunks and between types; of 5: the exclusives' last chunk is exactly full.
    for (const chunkRows of [4, 5, JSON.parse(fresh).beats.length]) {
      const answer = await createCatalogCache(t.deps, { chunkRows }).all();
      expect((await gunzip((await answer.body('gzip')) as Buffer)).toString()).toBe(fresh);
    }
  });

  it('keeps the full catalog in brotli only, and makes its gzip form once, when a client first asks for it', async () => {
    await createBeat(t, { title: 'Brotli First' });
    const fresh = await freshFullCatalog();
    const cache = createCatalogCache(t.deps, { chunkRows: 5 });
    const answer = await cache.all();
    const br = (await answer.body('br')) as Buffer;
    expect(cache.usage().bytes).toBe(br.length);
    expect((await unbrotli(br)).toString()).toBe(fresh);

    const [gzipped, again] = await Promise.all([answer.body('gzip'), answer.body('gzip')]);
    expect(again).toBe(gzipped);
    expect((await gunzip(gzipped as Buffer)).toString()).toBe(fresh);
    // Kept, and counted in the cache's budget.
    expect(await answer.body('gzip')).toBe(gzipped);
    expect(cache.usage().bytes).toBe(br.length + (gzipped as Buffer).length);
  });

  it('concurrent requests share one build', async () => {
    await createBeat(t, { title: 'Shared Build' });
    const cache = createCatalogCache(t.deps, { chunkRows: 5 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.all()));
    expect(new Set(answers).size).toBe(1);
    expect(cache.usage().entries).toBe(1);
  });
});

describe('the cache', () => {
  it('stays within its budget of bytes, dropping the least recently used', async () => {
    const cache = createCatalogCache(t.deps, { maxBytes: 80_000 });
    const first = await cache.page({ limit: 10, q: 'filler 1' });
    for (let i = 0; i < 40; i++) {
      const answer = await cache.page({ limit: 10 + (i % 20), q: i < 20 ? 'filler' : 'long tag' });
      await answer.body('br');
      await answer.body('gzip');
      expect(cache.usage().bytes).toBeLessThanOrEqual(80_000);
    }
    expect(cache.usage().entries).toBeLessThan(40);
    expect(cache.usage().entries).toBeGreaterThan(1);
    // The first response was dropped: asking again builds a new one.
    expect(await cache.page({ limit: 10, q: 'filler 1' })).not.toBe(first);
  });

  it('lets go of an older version\'s answers as soon as a newer version is asked for', async () => {
    const cache = createCatalogCache(t.deps);
    const beat = await createBeat(t, { title: 'Version Turnover' });
    await cache.all();
    await cache.page({ limit: 10 });
    await cache.page({ limit: 10, q: 'filler' });
    const before = cache.usage();
    expect(before.entries).toBe(3);

    await t.deps.db.update(beats).set({ bpm: 101 }).where(eq(beats.id, beat.id));
    const fresh = await cache.page({ limit: 10 });
    expect(fresh.tag).toMatch(`c${await readCatalogVersion(t.deps.db)}-`);
    // Only the response of the new version is held: the full catalog and the two pages of before are gone.
    expect(cache.usage().entries).toBe(1);
    expect(cache.usage().bytes).toBe(fresh.bytes());
    expect(cache.usage().bytes).toBeLessThan(before.bytes);
  });

  it('bad input is still a 400 with its message', async () => {
    expectMessage(await get('/api/beats?cursor=not-a-cursor'), 400, 'cursor is not valid: use the nextCursor of the previous page.');
  });
});
