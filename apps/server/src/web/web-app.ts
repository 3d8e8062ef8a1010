/**
 * Serves the built web app: hashed assets cached for good (pre-compressed when available), and every page rendered
 * by React on the server with its data (docs/decisions/0030-server-rendering.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { CatalogVersion } from '../db/catalog-version.js';
import { ByteLru } from '../lib/byte-lru.js';
import { compress, requestEncoding, varyOnEncoding, type ContentEncoding } from '../lib/compression.js';
import { scriptJson } from './script-json.js';
import { embeddablePageCsp, webAppCsp } from './security-headers.js';

/** Paths the API owns; everything else that is a GET for a page gets the web app. */
export const apiPrefixes = ['/api', '/create-checkout-session', '/sendotp', '/verifyotp', '/dev', '/webhooks', '/test-checkout', '/metrics'];

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

/** The renderer the web build makes (apps/web/src/entry-server.tsx), as far as the server uses it. */
interface Renderer {
  render(options: {
    url: string;
    transport: (path: string, init: RequestInit) => Promise<Response>;
    nonce?: string;
  }): Promise<{ html: string; state: unknown }>;
  /** The source files of the page at a path, as the build's manifest names them. */
  pageSources?(pathname: string): string[];
}

/** The build's manifest (dist/.vite/manifest.json): each source's built file and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/**
 * `<link rel="modulepreload">` for the page's own code and what it imports, so the browser fetches it beside the
 * app's entry rather than once the entry has run. Files the shell already names are left out.
 */
function modulePreloads(manifest: Manifest, sources: string[], shellHtml: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...files]
    .filter((file) => !shellHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/** The element the app reads its state from (apps/web/src/lib/app-state.ts). */
const APP_STATE_ID = 'app-state';
const ROOT = '<div id="root"></div>';

/** index.html cut where the per-response nonce goes (right after <head>) and where the rendered page goes (#root). */
interface Template {
  head: string;
  /** From the nonce to #root's opening tag. */
  beforeRoot: string;
  /** The same, without the shell's <title> and description, for a page that brings its own (`PageOptions.head`). */
  beforeRootOwnHead: string;
  afterRoot: string;
}

/**
 * The fonts of the page's first lines (the body's Latin font and the headings'), asked for with the stylesheet rather
 * than once it is parsed: the text does not reflow when they arrive late.
 */
function fontPreloads(distDir: string): string {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((file) => /^(inter-latin-wght-normal|space-grotesk-latin-(600|700)-normal)-[\w-]+\.woff2$/.test(file))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">`)
    .join('');
}

function template(html: string, fonts = '', distDir?: string): Template {
  const opening = /<head(\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = opening ? opening.index + opening[0].length : 0;
  const rootAt = html.indexOf(ROOT);
  const end = rootAt === -1 ? html.length : rootAt;
  // The stylesheet first, in the page itself (docs/decisions/0032-stylesheet-in-the-page.md): the page paints from the
  // HTML's own bytes instead of a second request that shares a slow network with the fonts and the app's modules.
  const stylesheets = html.slice(at, end).match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  let beforeRoot = html.slice(at, end);
  for (const link of stylesheets) beforeRoot = beforeRoot.replace(link, '');
  beforeRoot = `${stylesheets.map((link) => inlineStylesheet(link.trim(), distDir)).join('')}${fonts}${beforeRoot}`;
  return {
    head: html.slice(0, at),
    beforeRoot,
    beforeRootOwnHead: beforeRoot.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, ''),
    afterRoot: rootAt === -1 ? '' : html.slice(rootAt + ROOT.length),
  };
}

const INLINE_STYLE = '<style data-app-css>';

/** The app's stylesheet in the page itself: painted from the HTML's own bytes, without a second request. */
function inlineStylesheet(link: string, distDir?: string): string {
  const href = /href="\/([^"]+)"/.exec(link)?.[1];
  const file = href && distDir ? path.join(distDir, href) : undefined;
  if (!file || !existsSync(file)) return link;
  return `${INLINE_STYLE}${readFileSync(file, 'utf8')}</style>`;
}

/** Head elements React hoisted to the start of a page's HTML (its `<title>`): they belong in the document's head. */
function splitHoisted(html: string): { hoisted: string; body: string } {
  const match = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)+/.exec(html);
  return match ? { hoisted: match[0], body: html.slice(match[0].length) } : { hoisted: '', body: html };
}

/** The headers of the caller a page's API calls go with: who it is, and what it accepts. */
const forwardedHeaders = ['cookie', 'authorization', 'accept-language', 'user-agent'] as const;

/**
 * A page's calls to the API, served by the same routes through the server itself (no network): the same services,
 * the same catalog cache, the caller's own session and address.
 */
function transportFor(app: FastifyInstance, request: FastifyRequest) {
  const caller: Record<string, string> = {};
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') caller[name] = value;
  }
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = { ...caller, ...(init.headers as Record<string, string> | undefined) };
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) answer.append(name, one);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: answer });
  };
}

/** A visitor's page, kept a short while for the next visitor asking for the same address and catalog. */
class VisitorPage {
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  constructor(
    readonly html: string,
    readonly nonce: string,
    readonly madeAt: number,
  ) {}
  body(encoding: ContentEncoding): Promise<Buffer> | string {
    if (encoding === 'identity') return this.html;
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compress(this.html, encoding);
      this.encoded.set(encoding, body);
    }
    return body;
  }
  bytes(): number {
    return this.html.length * 2;
  }
}

/**
 * How long a visitor's page is reused: its countdowns show the time it was rendered at until the app hydrates and
 * moves them on, so a visitor never sees one more than this far behind.
 */
export const VISITOR_PAGE_TTL_MS = 2_000;
const VISITOR_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * A visitor is a request that carries no session: no Authorization header, no cookie. Only a visitor's page is ever
 * reused, so a signed-in caller's page (their avatar, cart and owned beats) is never sent to anyone else.
 */
function isVisitor(request: FastifyRequest): boolean {
  return !request.headers.authorization && !request.headers.cookie;
}

async function loadRenderer(distDir: string): Promise<Renderer | null> {
  const file = path.join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/**
 * Serves the files of the built web app and returns the page sender (null without a built app). Every page is
 * index.html with this response's CSP nonce in `<meta property="csp-nonce">` (Vite's name for it), where the app's
 * inline <style> takes it from (docs/security.md#headers), and the page React rendered in #root, followed by the
 * state the app hydrates with. Without the build's renderer (a bare index.html) the app renders in the browser.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined, version?: CatalogVersion): Promise<SendPage | null> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return null;
  const shellHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const shell = template(shellHtml, fontPreloads(distDir), distDir);
  const renderer = await loadRenderer(distDir);
  const manifest = readManifest(distDir);
  // The links of each page's set of sources, worked out once: a few dozen pages at most.
  const preloadsOf = new Map<string, string>();
  const visitorPages = new ByteLru<VisitorPage>(VISITOR_PAGE_CACHE_BYTES);
  const rendering = new Map<string, Promise<VisitorPage>>();

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    // index.html is a page like any other: the not-found handler renders it, with its nonce. The renderer and the
    // build's manifest are the server's own.
    globIgnore: ['index.html', 'ssr/**', '.vite/**'],
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        // A file whose name changes with its content is never revalidated nor resumed: no validators, no ranges.
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
        reply.removeHeader('accept-ranges');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });

  async function renderPage(request: FastifyRequest, page: PageOptions, nonce: string): Promise<string> {
    const before = page.head ? `${page.head}${shell.beforeRootOwnHead}` : shell.beforeRoot;
    const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
    const styled = (head: string) => head.replace(INLINE_STYLE, () => `<style nonce="${nonce}">`);
    if (!renderer) return `${shell.head}${meta}${styled(before)}${ROOT}${shell.afterRoot}`;
    const { html, state } = await renderer.render({ url: request.url, transport: transportFor(app, request), nonce });
    const { hoisted, body } = splitHoisted(html);
    // The page's own title replaces the shell's, unless the server gave the page a head of its own (a beat's).
    const titled = page.head || !hoisted ? before : before.replace(/<title>[\s\S]*?<\/title>/i, () => hoisted);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const sources = renderer.pageSources?.(pathname) ?? [];
    const key = sources.join('\n');
    let preloads = preloadsOf.get(key);
    if (preloads === undefined) {
      preloads = modulePreloads(manifest, sources, shellHtml);
      preloadsOf.set(key, preloads);
    }
    const head = preloads ? titled.replace('</head>', () => `${preloads}</head>`) : titled;
    const stateElement = `<script type="application/json" id="${APP_STATE_ID}">${scriptJson(state)}</script>`;
    return `${shell.head}${meta}${styled(head)}<div id="root">${body}</div>${stateElement}${shell.afterRoot}`;
  }

  /** The visitor's page of this address and catalog, rendered or reused; null when it may not be reused. */
  async function visitorPage(request: FastifyRequest, page: PageOptions): Promise<VisitorPage | null> {
    if (!renderer || !version || !isVisitor(request) || page.status) return null;
    const catalog = version.knownNow() ?? (await version.current());
    const key = `${catalog}\n${page.framable ? 'embed' : 'page'}\n${request.host}\n${request.url}`;
    const kept = visitorPages.get(key);
    const now = Date.now();
    if (kept && now - kept.madeAt < VISITOR_PAGE_TTL_MS) return kept;
    // Visitors who ask while the page is being rendered wait for that render rather than start one each.
    let making = rendering.get(key);
    if (!making) {
      const nonce = randomBytes(16).toString('base64');
      making = renderPage(request, page, nonce)
        .then((html) => {
          const made = new VisitorPage(html, nonce, now);
          visitorPages.set(key, made);
          return made;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, making);
    }
    return making;
  }

  return async (reply, page = {}) => {
    const request = reply.request;
    if (page.status) reply.code(page.status);
    const reused = await visitorPage(request, page);
    const nonce = reused?.nonce ?? randomBytes(16).toString('base64');
    const encoding = requestEncoding(request);
    reply
      .header('Content-Security-Policy', page.framable ? embeddablePageCsp(nonce) : webAppCsp(nonce))
      .header('Cache-Control', 'no-cache')
      .header('Vary', varyOnEncoding(reply.getHeader('vary')))
      .type('text/html; charset=utf-8');
    if (reused) {
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(await reused.body(encoding));
    }
    const html = await renderPage(request, page, nonce);
    // Compressed as the browser asks: the HTML is the first thing a phone waits for.
    if (encoding === 'identity') return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(await compress(html, encoding));
  };
}
