/**
 * Refuses cross-site requests that the session cookie would authenticate (docs/security.md#cross-site-requests).
 * SameSite=Lax already keeps the cookie off most of them; this is the check that does not depend on the browser's
 * cookie rules: a state-changing call carrying the cookie must come from the store's own pages. Calls with a bearer
 * header are an API client's and pass; the payment provider's webhooks carry no cookie and are signed anyway.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { hasSessionCookie } from './session-cookie.hooks.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The calls that start a session: a forged one would sign the browser into someone else's account (login CSRF). */
const startsSession = new Set(['/login', '/api/login', '/api/signup']);

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function originOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether the Origin header names the store itself: PUBLIC_URL's origin, else the host the request was sent to. */
function isOwnOrigin(deps: Deps, request: FastifyRequest, origin: string): boolean {
  const sent = originOf(origin);
  if (!sent || sent.origin === 'null') return false;
  const own = deps.config.publicUrl ? originOf(deps.config.publicUrl) : null;
  if (own) return sent.origin === own.origin;
  const host = originOf(`${request.protocol}://${request.host}`);
  return host !== null && sent.host === host.host;
}

export function isCrossSite(deps: Deps, request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && !isOwnOrigin(deps, request, origin);
}

export function registerCrossSiteCheck(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || request.headers.authorization) return;
    const path = pathOf(request.url);
    if (path.startsWith('/webhooks/')) return;
    if (!hasSessionCookie(request) && !startsSession.has(path)) return;
    if (isCrossSite(deps, request)) throw forbidden(messages.crossSiteRefused);
  });
}
