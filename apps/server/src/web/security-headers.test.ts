/** The security headers (docs/security.md#headers): one strict CSP for every page, the docs page's own, the rest on every response. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Beat Market</title>\n    <script type="module" src="/assets/index-abc123.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'assets', 'style-abc123.css'), 'body{margin:0}');
  await writeFile(path.join(dist, 'assets', 'inter-abc123.woff2'), 'wOF2');
  await writeFile(path.join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

/** A policy as directive → its sources. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = res.headers['content-security-policy'];
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectEveryAnswerHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  const permissions = String(res.headers['permissions-policy']);
  for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(off);
  expect(permissions).toContain('autoplay=(self)');
}

describe('the headers of a store served over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/index.html', '/beats', '/admin/dashboard', '/no-such-page?x=1'])(
    'gives the page %s the strict CSP, with a nonce of its own for inline styles',
    async (url) => {
      const [first, second] = [await t.app.inject({ method: 'GET', url }), await t.app.inject({ method: 'GET', url })];
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
        expectEveryAnswerHeaders(res);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        // Nothing inline but a server-rendered element's style attribute (style-src-attr).
        expect(String(res.headers['content-security-policy']).replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      }
      const policy = directives(first);
      const nonce = /<head>\s*<meta property="csp-nonce" nonce="([A-Za-z0-9+/=]{20,})">/.exec(first.body)?.[1];
      expect(nonce).toBeDefined();
      expect(Object.fromEntries(policy)).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", `'nonce-${nonce}'`],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      // A nonce is good for one response only.
      expect(directives(second).get('style-src')).not.toEqual(policy.get('style-src'));
      expect(second.body).not.toContain(nonce);
    },
  );

  it('gives the API docs page a CSP of its own: scripts from the store only, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectEveryAnswerHeaders(res);
    const policy = directives(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // swagger-ui writes <style> elements of its own; no other source is inline.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
  });

  it('sets the same headers on API answers and on files that could be opened as a document', async () => {
    for (const url of ['/api/health', '/api/getbeats', '/api/no-such-call', '/assets/logo-abc123.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectEveryAnswerHeaders(res);
      expect(res.headers['x-server-time']).toMatch(/^\d+$/);
      expect(res.headers['content-type']).not.toMatch(/^text\/html/);
    }
  });

  it('sends the build’s scripts, styles and fonts with only the headers that apply to them', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/style-abc123.css', '/assets/inter-abc123.woff2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Page policies, the server's clock, validators and ranges mean nothing on a file cached for a year unchanged.
      for (const header of ['x-frame-options', 'permissions-policy', 'referrer-policy', 'x-server-time', 'etag', 'last-modified', 'accept-ranges']) {
        expect(res.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
  });

  it('keeps the test checkout page’s own strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-checkout/cs_test_0123456789abcdef' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectEveryAnswerHeaders(res);
    const policy = directives(res);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('Strict-Transport-Security', () => {
  it.each([
    ['https', 'https://beats.example.test', 'max-age=31536000; includeSubDomains'],
    ['http', 'http://beats.example.test', undefined],
  ])('with a PUBLIC_URL on %s: %s', async (_scheme, publicUrl, hsts) => {
    const t = await createTestApp({ env: { PUBLIC_URL: publicUrl }, webDist: dist });
    try {
      for (const url of ['/', '/api/health']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe(hsts);
      }
    } finally {
      await t.close();
    }
  });
});

describe('API_DOCS', () => {
  const docsUrls = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui-bundle.js'];

  it.each([
    ['in production by default', { NODE_ENV: 'production' }],
    ['when API_DOCS=false', { API_DOCS: 'false' }],
  ])('serves no API docs %s, yet still describes the API', async (_when, env) => {
    const t = await createTestApp({ env, webDist: dist });
    try {
      for (const url of docsUrls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toMatch(/No such endpoint/);
      }
      const spec = t.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/getbeats']));
    } finally {
      await t.close();
    }
  });

  it('serves them in production when API_DOCS=true', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'true' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
      const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { openapi: string };
      expect(spec.openapi).toMatch(/^3\./);
    } finally {
      await t.close();
    }
  });
});
