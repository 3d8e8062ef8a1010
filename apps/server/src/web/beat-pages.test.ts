/**
 * Beat pages as the server serves them, read as a chat app or a crawler would — raw HTML, no script run
 * (docs/decisions/0020-beat-pages.md): the head's tags and JSON-LD, escaping, redirects of old slugs, the
 * not-found page, the embeddable player's framing, the sitemap and robots.txt.
 */
import { gunzipSync } from 'node:zlib';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createBeat, createTestApp, type TestApp } from '../test/helper.js';
import { beats, type BeatRow } from '../db/schema.js';
import { askEachTime } from '../db/catalog-version.js';
import { sitemapRoutes } from './sitemap.js';

const ORIGIN = 'https://beats.example';
let t: TestApp;
let dist: string;
let beat: BeatRow;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="The store." />' +
      '<title>Beat Market</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDist: dist, env: { PUBLIC_URL: `${ORIGIN}/` } });
  beat = await createBeat(t, {
    title: 'Midnight Drip',
    artistName: 'Nova Kane',
    category: 'Hip Hop',
    bpm: 140,
    musicalKey: 'F minor',
    priceCents: 2999,
    durationSeconds: 155.4,
    releaseDate: new Date('2026-03-04T10:00:00Z'),
    tags: ['trap', 'dark'],
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
/** Every <meta property|name="key" content="…"> of the head, decoded. */
function metaOf(html: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [, key, value] of headOf(html).matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    (found[key!] ??= []).push(decode(value!));
  }
  return found;
}
function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
}

describe('GET /beat/{slug}', () => {
  it('answers the app with the beat’s title, description, canonical link, Open Graph and Twitter tags in its head', async () => {
    const res = await get('/beat/midnight-drip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root"></div>');
    const head = headOf(res.body);
    // The shell's own title and description give way to the page's: one of each.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Midnight Drip by Nova Kane · Beat Market</title>');
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/beat/midnight-drip">`);
    const description = 'Hip Hop beat by Nova Kane · 140 BPM · F minor · MP3 lease $29.99';
    expect(metaOf(res.body)).toMatchObject({
      description: [description],
      'og:type': ['music.song'],
      'og:title': ['Midnight Drip by Nova Kane'],
      'og:description': [description],
      'og:url': [`${ORIGIN}/beat/midnight-drip`],
      'og:image': [`${ORIGIN}/api/beats/${beat.id}/artwork.png`],
      'og:audio': [`${ORIGIN}/api/stream/${beat.id}?v=test-render`],
      'og:audio:type': ['audio/mpeg'],
      'twitter:card': ['summary_large_image'],
      'twitter:title': ['Midnight Drip by Nova Kane'],
      'twitter:image': [`${ORIGIN}/api/beats/${beat.id}/artwork.png`],
    });
    // The page keeps the app's strict policy: no frames, the nonce for its styles.
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('describes the beat as a schema.org MusicRecording with its offer', async () => {
    const ld = jsonLdOf((await get('/beat/midnight-drip')).body);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'MusicRecording',
      name: 'Midnight Drip',
      url: `${ORIGIN}/beat/midnight-drip`,
      byArtist: { '@type': 'MusicGroup', name: 'Nova Kane' },
      duration: 'PT2M35S',
      genre: 'Hip Hop',
      datePublished: '2026-03-04',
      image: `${ORIGIN}/api/beats/${beat.id}/artwork.png`,
      audio: { '@type': 'AudioObject', contentUrl: `${ORIGIN}/api/stream/${beat.id}?v=test-render`, encodingFormat: 'audio/mpeg' },
      keywords: 'trap, dark',
      offers: { '@type': 'Offer', price: '29.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${ORIGIN}/beat/midnight-drip` },
    });
  });

  it('names an exclusive’s licence, and gives a VIP-catalog-only beat no offer of its own', async () => {
    const exclusive = await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 34900 });
    expect(metaOf((await get(`/beat/${exclusive.slug}`)).body).description![0]).toMatch(/Exclusive license \$349\.00$/);
    const vipOnly = await createBeat(t, { title: 'Members Only', priceCents: null });
    const res = await get(`/beat/${vipOnly.slug}`);
    expect(metaOf(res.body).description![0]).toMatch(/In the VIP catalog$/);
    expect(jsonLdOf(res.body).offers).toBeUndefined();
  });

  it('escapes a title that tries to close the script, quotes, ampersands and emoji', async () => {
    const title = `</script><script>alert("x")</script> "Quoted" & 'single' <b>bold</b> 🔥 \u2028`;
    const nasty = await createBeat(t, { title, artistName: 'A & B "Crew"' });
    const res = await get(`/beat/${nasty.slug}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    // The only script elements are the shell's module and the JSON-LD: nothing the title brought.
    expect(head.match(/<script/g)).toHaveLength(2);
    expect(head).not.toContain('<b>');
    expect(jsonLdOf(res.body)).toMatchObject({ name: title, byArtist: { name: 'A & B "Crew"' } });
    expect(metaOf(res.body)['og:title']).toEqual([`${title} by A & B "Crew"`]);
    expect(decode(/<title>([^<]*)<\/title>/.exec(head)![1]!)).toBe(`${title} by A & B "Crew" · Beat Market`);
  });

  it('answers an old slug with 301 to the current page, keeping the query', async () => {
    const renamed = await createBeat(t, { title: 'Before Rename' });
    await t.deps.db.update(beats).set({ title: 'After Rename' }).where(eq(beats.id, renamed.id));
    const res = await get('/beat/before-rename?ref=bio');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/beat/after-rename?ref=bio');
    expect((await get('/beat/After-Rename')).headers.location).toBe('/beat/after-rename');
    const embed = await get('/embed/beat/before-rename');
    expect(embed.statusCode).toBe(301);
    expect(embed.headers.location).toBe('/embed/beat/after-rename');
  });

  it('answers a sold exclusive’s address with its page saying Sold (200): no offer, no preview, kept out of search engines; its player is gone', async () => {
    const sold = await createBeat(t, { title: 'Sold Away', artistName: 'Nova Kane', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date() });
    const res = await get(`/beat/${sold.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const meta = metaOf(res.body);
    expect(decode(/<title>([^<]*)<\/title>/.exec(headOf(res.body))![1]!)).toBe('Sold Away by Nova Kane · Sold · Beat Market');
    expect(meta.robots).toEqual(['noindex']);
    expect(meta['og:title']).toEqual(['Sold Away by Nova Kane · Sold']);
    expect(meta.description![0]).toMatch(/^Sold: /);
    expect(res.body).not.toContain('application/ld+json');
    expect(res.body).not.toContain('og:audio');
    expect(res.body).not.toContain('$300');
    expect((await get(`/embed/beat/${sold.slug}`)).statusCode).toBe(404);
    // An old address of a sold beat leads to its current one.
    await t.deps.db.update(beats).set({ title: 'Sold Away Renamed' }).where(eq(beats.id, sold.id));
    expect((await get(`/beat/${sold.slug}`)).headers.location).toBe('/beat/sold-away-renamed');
  });

  it('answers an unknown or unlisted beat with 404, the app’s HTML and noindex', async () => {
    const unpublished = await createBeat(t, { title: 'Sold Hidden', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date(), published: false });
    for (const url of ['/beat/no-such-beat', `/beat/${unpublished.slug}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(metaOf(res.body).robots).toEqual(['noindex']);
      expect(res.body).not.toContain('og:title');
    }
  });

  it('shows a change of the beat at the next request (heads are cached by catalog version)', async () => {
    const probe = await createBeat(t, { title: 'Head Probe', bpm: 90 });
    expect(metaOf((await get('/beat/head-probe')).body).description![0]).toContain('90 BPM');
    await t.deps.db.update(beats).set({ bpm: 91 }).where(eq(beats.id, probe.id));
    expect(metaOf((await get('/beat/head-probe')).body).description![0]).toContain('91 BPM');
  });
});

describe('GET /api/beats/{id}/artwork.png', () => {
  it('draws a listed beat’s artwork as a PNG of the size the head names; none for an unlisted beat', async () => {
    const res = await get(`/api/beats/${beat.id}/artwork.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    const meta = metaOf((await get('/beat/midnight-drip')).body);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(meta['og:image:width']![0]), Number(meta['og:image:height']![0])]);
    // The same beat, the same picture; another beat, another one.
    expect((await get(`/api/beats/${beat.id}/artwork.png`)).rawPayload.equals(png)).toBe(true);
    const other = await createBeat(t, { title: 'Other Art' });
    expect((await get(`/api/beats/${other.id}/artwork.png`)).rawPayload.equals(png)).toBe(false);

    const hidden = await createBeat(t, { title: 'Hidden Art', published: false });
    expect((await get(`/api/beats/${hidden.id}/artwork.png`)).statusCode).toBe(404);
    expect((await get('/api/beats/not-a-uuid/artwork.png')).statusCode).toBe(400);
  });
});

describe('GET /embed/beat/{slug}', () => {
  it('may be framed by any site; no other page may', async () => {
    const embed = await get('/embed/beat/midnight-drip');
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('<div id="root"></div>');
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(metaOf(embed.body)['og:title']).toEqual(['Midnight Drip by Nova Kane']);
    expect((await get('/embed/beat/no-such-beat')).statusCode).toBe(404);

    for (const url of ['/', '/beat/midnight-drip', '/vip', '/embed', '/embed/beat', '/beat/no-such-beat']) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('sitemap', () => {
  const urlsOf = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(([, loc, lastmod]) => ({ loc: loc!, lastmod }));

  it('lists the catalog pages and every listed beat’s page with its last change, and nothing unlisted', async () => {
    await createBeat(t, { title: 'Unpublished One', published: false });
    const res = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(res.rawPayload).toString('utf8');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = await t.deps.db.select().from(beats);
    const expected = listed
      .filter((b) => b.published && !b.soldAt && b.previewKey)
      .map((b) => ({ loc: `${ORIGIN}/beat/${b.slug}`, lastmod: b.updatedAt.toISOString() }));
    const urls = urlsOf(xml);
    expect(urls.filter((u) => u.loc.includes('/beat/'))).toEqual(expect.arrayContaining(expected));
    expect(urls.filter((u) => u.loc.includes('/beat/'))).toHaveLength(expected.length);
    expect(urls.map((u) => u.loc)).toEqual(expect.arrayContaining(['/', '/vip', '/exclusives'].map((p) => `${ORIGIN}${p}`)));
    expect(xml).not.toContain('unpublished-one');
    expect(xml).not.toContain('sold-away');

    // Without gzip it is the same text; a file number past the one file is not found.
    expect((await get('/sitemap.xml')).body).toBe(xml);
    expect((await get('/sitemaps/1.xml')).statusCode).toBe(404);
  });

  it('splits into a sitemap index and files of at most the limit, together every address once (read in chunks)', async () => {
    for (let i = 0; i < 8; i++) await createBeat(t, { title: `Sitemap Filler ${i}` });
    const app = Fastify();
    await app.register(sitemapRoutes(t.deps, askEachTime(t.deps.db), { maxUrls: 5, chunkRows: 2 }));
    try {
      const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(index).toContain('<sitemapindex');
      const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>[^<]+<\/lastmod><\/sitemap>/g)].map(([, loc]) => loc!);
      const all: string[] = [];
      for (const file of files) {
        const res = await app.inject({ method: 'GET', url: new URL(file).pathname });
        expect(res.statusCode, file).toBe(200);
        const urls = urlsOf(res.body).map((u) => u.loc);
        expect(urls.length).toBeLessThanOrEqual(5);
        all.push(...urls);
      }
      const whole = urlsOf(gunzipSync((await get('/sitemap.xml', { 'accept-encoding': 'gzip' })).rawPayload).toString('utf8')).map((u) =>
        u.loc.replace(ORIGIN, ''),
      );
      expect(new Set(all).size).toBe(all.length);
      expect(all.map((u) => new URL(u).pathname).sort()).toEqual(whole.map((u) => new URL(u, 'http://x').pathname).sort());
      expect(files.length).toBe(Math.ceil(whole.length / 5));
      expect((await app.inject({ method: 'GET', url: `/sitemaps/${files.length + 1}.xml` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sitemaps/0.xml' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is named by robots.txt at its absolute address', async () => {
    const res = await get('/robots.txt');
    expect(res.body.trim().split('\n').at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).not.toMatch(/Disallow: \/beat\b/);
  });
});
