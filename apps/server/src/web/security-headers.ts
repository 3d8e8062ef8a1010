/** The security headers of every response, in one place (docs/security.md#headers). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.js';

export const apiDocsPrefix = '/api/docs';

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

const sameOriginOnly = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'media-src': "'self' blob:",
  'connect-src': "'self'",
  'font-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * The web app's pages: scripts, styles, fonts, media and calls from the store's own origin only, no inline
 * script at all. The one <style> element allowed carries this response's nonce: the toasts' styles (react-hot-toast
 * writes them into one such element, apps/web/src/lib/content-security-policy.ts).
 */
export function webAppCsp(nonce?: string): string {
  // A server-rendered element's style attribute (a beat's artwork colours, a progress bar's width) is markup, not a
  // stylesheet: allowed as such (style-src-attr); <style> elements still need the nonce, and scripts stay the store's.
  return policy({ ...sameOriginOnly, 'style-src': nonce ? `'self' 'nonce-${nonce}'` : "'self'", 'style-src-attr': "'unsafe-inline'" });
}

/** The embeddable player (/embed/beat/{slug}): the web app's policy, but any site may frame it. */
export function embeddablePageCsp(nonce?: string): string {
  return webAppCsp(nonce).replace("frame-ancestors 'none'", 'frame-ancestors *');
}

/** The API docs page (swagger-ui): its scripts and styles come from the store, but it injects <style> elements of its own. */
export const apiDocsCsp = policy({ ...sameOriginOnly, 'style-src': "'self' 'unsafe-inline'", 'img-src': "'self' data:", 'media-src': "'none'" });

/** Powerful browser features the store never uses are off; playing previews (autoplay) and fullscreen stay the store's own. */
export const permissionsPolicy =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=(), autoplay=(self), fullscreen=(self)';

const isHtml = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * A script, stylesheet or font of the web app's build: a hashed name, cached for a year and never a document. The
 * page policies (framing, features, referrer) and the server's clock mean nothing on it, so it goes without them:
 * on a phone's first visit to `/` that is some 40 files, each lighter by about 300 bytes of headers.
 */
export function isBuildFile(reply: FastifyReply): boolean {
  return (
    String(reply.getHeader('cache-control') ?? '').includes('immutable') &&
    /^(text\/javascript|application\/javascript|text\/css|font\/)/.test(String(reply.getHeader('content-type') ?? ''))
  );
}

/**
 * Sets the headers on every response. An HTML response gets a Content-Security-Policy unless its route set its own
 * (a web app page with its nonce, the test checkout, the development outbox).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = securityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    setHeaders(request, reply);
    return payload;
  });
}

/** The headers themselves, also for the responses Fastify makes before any hook runs (app.ts: frameworkErrors). */
export function securityHeaders(config: Config): (request: FastifyRequest, reply: FastifyReply) => void {
  // Browsers keep to https for a year once the store has been reached over https.
  const hsts = config.publicUrl?.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : null;
  return (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (hsts) reply.header('Strict-Transport-Security', hsts);
    if (isBuildFile(reply)) return;
    // A route may be stricter: a download link's response sends no referrer at all (docs/security.md#download-links).
    if (!reply.hasHeader('referrer-policy')) reply.header('Referrer-Policy', 'same-origin');
    // Only a page whose own policy lets any site frame it (the embeddable player) goes without.
    if (!String(reply.getHeader('content-security-policy') ?? '').includes('frame-ancestors *')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', permissionsPolicy);
    if (isHtml(reply) && !reply.hasHeader('content-security-policy')) {
      const path = request.url.split('?', 1)[0];
      const docs = path === apiDocsPrefix || path?.startsWith(`${apiDocsPrefix}/`);
      reply.header('Content-Security-Policy', docs ? apiDocsCsp : webAppCsp());
    }
  };
}
