/** Serves the built web app: hashed assets cached for good (pre-compressed when available), index.html for every page route. */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
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

export type SendPage = (reply: FastifyReply, page?: PageOptions) => FastifyReply;

/** An HTML page of the build cut where the per-answer nonce goes: right after <head>. */
interface Template {
  before: string;
  after: string;
  /** `after` without the shell's <title> and description, for a page that brings its own (`PageOptions.head`). */
  afterOwnHead: string;
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
    pages.set(name === 'index' ? '/' : `/${name}`, template(readFileSync(path.join(dir, file), 'utf8')));
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

  return (reply, page = {}) => {
    const nonce = randomBytes(16).toString('base64');
    if (page.status) reply.code(page.status);
    // A page with its own head (a beat's) or status draws itself; the first screens are those of plain pages, and
    // of their plain address: the drawing shows no search or filter, so `/?q=…` is drawn by the app (the app takes
    // the drawing over as it is: docs/decisions/0019-first-screen.md).
    const [pathname = '/', query = ''] = reply.request.url.split('?', 2);
    const { before, after, afterOwnHead } = (!page.head && !page.status && query === '' && drawn.get(pathname)) || shell;
    return reply
      .header('Content-Security-Policy', page.framable ? embeddablePageCsp(nonce) : webAppCsp(nonce))
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(`${before}<meta property="csp-nonce" nonce="${nonce}">${page.head ? `${page.head}${afterOwnHead}` : after}`);
  };
}
