import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '../test/helper.js';

/**
 * The server's side of rendering pages (web/web-app.ts) with a stand-in for the web build's renderer
 * (apps/web/src/entry-server.tsx), which has the same interface: it asks the API for what it shows through the
 * transport it is given, and says which caller and which call it rendered with.
 */
const renderer = `
let renders = 0;
export async function render({ url, transport, nonce }) {
  renders += 1;
  const config = await transport('/api/config', { headers: { Accept: 'application/json' } });
  const body = await config.json();
  const cart = await transport('/api/admin/audit', { headers: { Accept: 'application/json' } });
  return {
    html: '<title>Rendered ' + url + '</title><main><h1>Page ' + url.replace(/[<&]/g, '') + '</h1><p>plan ' + body.vipPlanPrice + '</p><p>caller ' + cart.status + '</p><p>render ' + renders + '</p><p>nonce ' + nonce + '</p></main>',
    state: { queries: { mutations: [], queries: [] }, renderedAt: Date.now(), renders },
  };
}
`;

const STYLESHEET = '.brow{color:#fff}';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'ssr'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'style-1.css'), STYLESHEET);
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Beat Market</title><meta name="description" content="Shell"><link rel="stylesheet" crossorigin href="/assets/style-1.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
  );
  await writeFile(path.join(dist, 'ssr', 'entry-server.js'), renderer);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const renderCount = (body: string) => Number(/render (\d+)/.exec(body)?.[1]);

describe('a page rendered on the server', () => {
  it('carries the app\'s stylesheet in its head, under the response\'s nonce, so it paints without a second request', async () => {
    for (const cookie of [undefined, 'other=1']) {
      const res = await t.app.inject({ method: 'GET', url: '/vip', headers: cookie ? { cookie } : {} });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`<style nonce="${nonce}">${STYLESHEET}</style>`);
      expect(res.body).not.toContain('rel="stylesheet"');
      expect(res.body.indexOf('<style')).toBeLessThan(res.body.indexOf('<div id="root">'));
    }
  });

  it('puts the rendered page in #root, its title in the head, and the state after it as data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/vip?q=drill' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>Page /vip?q=drill</h1>');
    expect(res.body).toContain('<title>Rendered /vip?q=drill</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // The API's own response, reached through the server: the plan's price as /api/config gives it.
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json() as { vipPlanPrice: number };
    expect(res.body).toContain(`plan ${config.vipPlanPrice}`);
    expect(res.body).toMatch(/<\/div><script type="application\/json" id="app-state">\{"queries":/);
    // The renderer is the server's: never a file anyone can fetch.
    const file = await t.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(file.body).not.toContain('export async function render');
  });

  it('answers the page\'s calls as the caller: a visitor is asked to log in, a signed-in user is known (and not an admin)', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/admin/dashboard?as=visitor' });
    expect(visitor.body).toContain('caller 401');
    const token = await loginAs(t, await createUser(t));
    const user = await t.app.inject({ method: 'GET', url: '/admin/dashboard?as=user', headers: { authorization: `Bearer ${token}` } });
    expect(user.body).toContain('caller 403');
  });

  it('reuses a visitor\'s page for the next visitor a moment later, but renders a caller with a session every time', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/exclusives' });
    const second = await t.app.inject({ method: 'GET', url: '/exclusives' });
    expect(renderCount(second.body)).toBe(renderCount(first.body));
    // The page's nonce is its policy's.
    const nonce = /nonce ([^<]+)</.exec(second.body)?.[1];
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);

    const token = await loginAs(t, await createUser(t));
    const signedIn = await t.app.inject({ method: 'GET', url: '/exclusives', headers: { authorization: `Bearer ${token}` } });
    expect(renderCount(signedIn.body)).toBeGreaterThan(renderCount(first.body));
    expect(signedIn.body).toContain('caller 403');
    const withCookie = await t.app.inject({ method: 'GET', url: '/exclusives', headers: { cookie: 'bm_session=x' } });
    expect(renderCount(withCookie.body)).toBeGreaterThan(renderCount(signedIn.body));
    // The signed-in page was not kept for visitors: the next visitor gets the visitors' page.
    const third = await t.app.inject({ method: 'GET', url: '/exclusives' });
    expect(third.body).toContain('caller 401');
    expect(renderCount(third.body)).toBe(renderCount(first.body));
  });

  it('renders a page once for visitors who ask for it at the same moment', async () => {
    const before = renderCount((await t.app.inject({ method: 'GET', url: '/vip?at=before' })).body);
    const pages = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/vip?at=once' })));
    const counts = new Set(pages.map((page) => renderCount(page.body)));
    expect(counts).toEqual(new Set([before + 1]));
    expect(pages.every((page) => page.statusCode === 200)).toBe(true);
  });
});
