/** Serves the built web app: hashed assets cached for good (pre-compressed when available), index.html for every page route. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerRobotsTxt } from './robots.js';
import { webAppCsp } from './security-headers.js';

/** Paths the API owns; everything else that is a GET for a page gets the web app. */
export const apiPrefixes = ['/api', '/create-checkout-session', '/sendotp', '/verifyotp', '/dev', '/webhooks', '/test-checkout'];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`) || url.startsWith(`${p}-`));
}

export type SendPage = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the files of the built web app and answers with the page sender (null without a built app). Every
 * page, /index.html included, is index.html with this answer's CSP nonce in `<meta property="csp-nonce">`
 * (Vite's name for it), where the app's inline <style> takes it from (docs/security.md#headers).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<SendPage | null> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return null;
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const opening = /<head(\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = opening ? opening.index + opening[0].length : 0;
  const [before, after] = [html.slice(0, at), html.slice(at)];

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    // index.html is a page like any other: the not-found handler sends it, with its nonce.
    globIgnore: ['index.html'],
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });
  registerRobotsTxt(app, apiPrefixes);

  return (reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('Content-Security-Policy', webAppCsp(nonce))
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(`${before}<meta property="csp-nonce" nonce="${nonce}">${after}`);
  };
}
