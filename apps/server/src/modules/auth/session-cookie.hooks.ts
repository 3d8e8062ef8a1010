/**
 * The session as an httpOnly cookie (docs/security.md#the-session-cookie): set wherever a session starts (login,
 * sign-up, a password change), read by the auth hooks when a call carries no bearer header, cleared at logout and
 * when the session it names has ended. Page script never sees it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';

export const SESSION_COOKIE = 'bm_session';

function baseOptions(deps: Deps) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.publicUrl?.startsWith('https:') ?? false,
  };
}

/** "Remember me" keeps the cookie for REMEMBER_TTL_DAYS; otherwise it is the browser's session (no Max-Age), and the session's own TOKEN_TTL_HOURS ends it. */
export function setSessionCookie(deps: Deps, reply: FastifyReply, session: { token: string; remember: boolean }): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...baseOptions(deps),
    ...(session.remember ? { maxAge: deps.config.rememberTtlSeconds } : {}),
  });
}

export function clearSessionCookie(deps: Deps, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(deps));
}

export function sessionCookieToken(request: FastifyRequest): string | null {
  return request.cookies[SESSION_COOKIE] || null;
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  return sessionCookieToken(request) !== null;
}
