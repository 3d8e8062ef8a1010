/** Serves the built web app: hashed assets cached for good (pre-compressed when available), index.html for every page route. */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compress, requestEncoding, varyOnEncoding } from '../lib/compression.js';
import { firstAnswersElement } from './first-answers.js';
import { embeddablePageCsp, webAppCsp } from './security-headers.js';

/** Paths the API owns; everything else that is a GET for a page gets the web app. */
export const apiPrefixes = ['/api', '/create-checkout-session', '/sendotp', '/verifyotp', '/dev', '/webhooks', '/test-checkout'];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`) || url.startsWith(`${p}-`));
}

/** What a page adds to the shell (web/beat-pages.ts). */
export interface PageOptions {
  /** The page's own head elements, already escaped: they replace the shell's <title> and description. */
  head?: string;
  status?: number;
  /** The embeddable player: any site may frame it (security-headers.ts#embeddablePageCsp). */
  framable?: boolean;
}

export type SendPage = (reply: FastifyReply, page?: PageOptions) => Promise<FastifyReply>;

/** An HTML page of the build cut where the per-answer nonce goes: right after <head>. */
interface Template {
  before: string;
  after: string;
  /** `after` without the shell's <title> and description, for a page that brings its own (`PageOptions.head`). */
  afterOwnHead: string;
  /** A drawn first screen's `Link` header: its stylesheet, fonts and boot script. */
  link?: string;
}

function template(html: string): Template {
  const opening = /<head(\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = opening ? opening.index + opening[0].length : 0;
  const after = html.slice(at);
  return {
    before: html.slice(0, at),
    after,
    afterOwnHead: after.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, ''),
  };
}

/**
 * A drawn page's `Link` header: what its head asks for, in the order a phone needs it — the stylesheet, the headings'
 * fonts, then the small script that asks for the app's code once the drawing is painted
 * (docs/decisions/0019-first-screen.md#code-after-paint).
 */
function linkHeader(html: string): string {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const hrefs = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1]!);
  const links = [
    ...hrefs(/<link rel="stylesheet"[^>]*href="([^"]+)"/g).map((href) => `<${href}>; rel=preload; as=style; crossorigin`),
    ...hrefs(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g).map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`),
    ...hrefs(/<script type="module"[^>]*src="([^"]+)"/g).map((href) => `<${href}>; rel=modulepreload; crossorigin`),
  ];
  return links.join(', ');
}

/**
 * The pages whose first screen the build drew (apps/web/prerender-first-screens.mjs): `first-screens/index.html`
 * is `/`, `first-screens/<name>.html` is `/<name>` (docs/decisions/0019-first-screen.md).
 */
function firstScreens(distDir: string): Map<string, Template> {
  const dir = path.join(distDir, 'first-screens');
  const pages = new Map<string, Template>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    const pathname = name === 'index' ? '/' : `/${name}`;
    const html = readFileSync(path.join(dir, file), 'utf8');
    const link = linkHeader(html);
    pages.set(pathname, { ...template(html), link: link || undefined });
  }
  return pages;
}

/**
 * Serves the files of the built web app and answers with the page sender (null without a built app). Every
 * page, /index.html included, is index.html with this answer's CSP nonce in `<meta property="csp-nonce">`
 * (Vite's name for it), where the app's inline <style> takes it from (docs/security.md#headers). A path whose
 * first screen the build drew gets that page's HTML instead, with the screen already in it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<SendPage | null> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return null;
  const shell = template(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const drawn = firstScreens(distDir);

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    // index.html is a page like any other: the not-found handler sends it, with its nonce; so are the first screens.
    globIgnore: ['index.html', 'first-screens/**'],
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });

  return async (reply, page = {}) => {
    const nonce = randomBytes(16).toString('base64');
    if (page.status) reply.code(page.status);
    // A page with its own head (a beat's) or status draws itself; the first screens are those of plain pages, and
    // of their plain address: the drawing shows no search or filter, so `/?q=…` is drawn by the app (the app takes
    // the drawing over as it is: docs/decisions/0019-first-screen.md).
    const [pathname = '/', query = ''] = reply.request.url.split('?', 2);
    const firstScreen = !page.head && !page.status && query === '' ? drawn.get(pathname) : undefined;
    const { before, after, afterOwnHead } = firstScreen ?? shell;
    let html = `${before}<meta property="csp-nonce" nonce="${nonce}">${page.head ? `${page.head}${afterOwnHead}` : after}`;
    // The drawn page's first calls come answered inside it (docs/decisions/0019-first-screen.md#first-answers).
    if (firstScreen) {
      const answers = await firstAnswersElement(app, pathname, nonce);
      if (answers) html = html.replace('</body>', () => `${answers}</body>`);
    }
    if (firstScreen?.link) reply.header('Link', firstScreen.link);
    reply
      .header('Content-Security-Policy', page.framable ? embeddablePageCsp(nonce) : webAppCsp(nonce))
      .header('Cache-Control', 'no-cache')
      .header('Vary', varyOnEncoding(reply.getHeader('vary')))
      .type('text/html; charset=utf-8');
    // Compressed as the browser asks: the HTML is the first thing a phone waits for (a quarter of its size in brotli).
    const encoding = requestEncoding(reply.request);
    if (encoding === 'identity') return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(await compress(html, encoding));
  };
}
