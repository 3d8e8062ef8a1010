import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Beat Market</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app and the API from one server', () => {
  const pages = ['/', '/vip', '/login?returnUrl=%2Fvip', '/mixing-&-mastering', '/admin/dashboard', '/admin/licenses', '/licenses/terms/lease'];
  it.each(pages)('serves index.html for the page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers /robots.txt with text that keeps crawlers to the public pages, not with the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<div id="root">');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /api', 'Disallow: /admin', 'Disallow: /cart', 'Disallow: /account-setting']));
    // Every other line is a Disallow of a path, then the sitemap (web/sitemap.ts); the catalog and beat pages stay open.
    for (const line of lines.slice(1, -2)) expect(line).toMatch(/^Disallow: \/[\w-]+$/);
    expect(lines.slice(-2)).toEqual(['', expect.stringMatching(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/)]);
    for (const open of ['/', '/beats', '/vip', '/exclusives', '/login', '/beat']) expect(lines).not.toContain(`Disallow: ${open}`);
  });

  it('answers unknown API paths with 404 JSON, not the page', async () => {
    for (const url of ['/api/unknown', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/No such endpoint/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/vip' });
    expect(post.statusCode).toBe(404);
  });

  it('describes the API as OpenAPI, browsable at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/signup', '/api/getbeats', '/api/beats', '/api/favorites', '/api/favorites/{userId}', '/api/play']),
    );
  });
});
