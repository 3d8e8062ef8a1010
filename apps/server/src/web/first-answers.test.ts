/**
 * The first answers sent inside a drawn page's HTML (docs/decisions/0019-first-screen.md#first-answers): exactly what
 * the API answers at that moment, never older after a write, only on the drawn pages' plain addresses, safe inside
 * the HTML; and the pages compressed as the browser asks.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBeat, createTestApp, type TestApp } from '../test/helper.js';
import { firstAnswerUrls, type FirstAnswer, type FirstAnswers } from './first-answers.js';
import { scriptJson } from './script-json.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'first-screens'), { recursive: true });
  const page = (root: string) =>
    `<!doctype html><html lang="en"><head><title>Beat Market</title></head><body><div id="root">${root}</div></body></html>`;
  await writeFile(path.join(dist, 'index.html'), page(''));
  for (const name of ['index', 'beats', 'exclusives', 'login']) await writeFile(path.join(dist, 'first-screens', `${name}.html`), page(`<h1>${name}</h1>`));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The answers inside a page, as the app reads them (JSON.parse of the element's text). */
function answersOf(html: string): Record<string, FirstAnswer> | null {
  const text = /<script type="application\/json" id="first-answers" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? null : (JSON.parse(text) as FirstAnswers).answers;
}

describe('a drawn page carries its first answers', () => {
  it('as the API answers them, with their ETags, on /, /beats and /exclusives', async () => {
    await createBeat(t, { title: 'First Light', beatType: 'Exclusive', priceCents: 24_900 });
    await createBeat(t, { title: 'Plain Lease', beatType: 'Non-Exclusive' });
    for (const pathname of ['/', '/beats', '/exclusives']) {
      const res = await get(pathname);
      expect(res.statusCode).toBe(200);
      // The server's time as the page was made, for the countdowns.
      const { serverTime } = JSON.parse(/id="first-answers" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(res.body)![1]!) as FirstAnswers;
      expect(Math.abs(serverTime - Number(res.headers['x-server-time']))).toBeLessThan(5_000);
      const answers = answersOf(res.body);
      expect(answers, pathname).not.toBeNull();
      expect(Object.keys(answers!)).toEqual(firstAnswerUrls[pathname]);
      for (const url of firstAnswerUrls[pathname]!) {
        const api = await get(url, { accept: 'application/json' });
        expect(answers![url]!.body, `${pathname}: ${url}`).toEqual(api.json());
        expect(answers![url]!.etag).toBe(api.headers.etag ?? null);
      }
      const config = answers!['/api/config']!.body as { vipCatalogSize: number };
      expect(config.vipCatalogSize).toBeGreaterThanOrEqual(1);
      // Its nonce is the answer's, as for every element the page's policy lets in.
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(res.body).toContain(`id="first-answers" nonce="${nonce}"`);
    }
  });

  it('never older than the catalog: a write shows in the next page', async () => {
    const sizeOf = (answers: Record<string, FirstAnswer>) => (answers['/api/config']!.body as { vipCatalogSize: number }).vipCatalogSize;
    const before = answersOf((await get('/exclusives')).body)!;
    await createBeat(t, { title: 'Fresh Lease', beatType: 'Non-Exclusive' });
    const after = answersOf((await get('/exclusives')).body)!;
    expect(sizeOf(after)).toBe(sizeOf(before) + 1);
    // The catalog version moved: the app counts the newer one as shown (its ETag).
    expect(after['/api/config']!.etag).not.toBe(before['/api/config']!.etag);
    expect(after['/api/config']!.body).toEqual((await get('/api/config', { accept: 'application/json' })).json());
  });

  it('writes JSON that no text in it can end the element or open a comment with', () => {
    const text = '</script><script>alert(1)</script><!-- & \u2028';
    const json = scriptJson({ text });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ text });
  });

  it('only on a drawn page\'s plain address: not on /login, a search, another page or a beat\'s page', async () => {
    for (const url of ['/login', '/?q=drip', '/exclusives?genre=Trap', '/vip', '/cart']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('first-answers');
    }
  });
});

describe('pages are compressed as the browser asks', () => {
  it('brotli, gzip or none, with Vary: Accept-Encoding, the same page each way', async () => {
    const plain = await get('/login', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gz = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Each answer has its own nonce; otherwise the three are the same page.
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    expect(strip(brotliDecompressSync(br.rawPayload).toString())).toBe(strip(plain.body));
    expect(strip(gunzipSync(gz.rawPayload).toString())).toBe(strip(plain.body));
    expect(br.headers['content-security-policy']).toContain("'nonce-");
  });
});
