/**
 * Who is calling: resolves the bearer token (or else the session cookie) on routes that ask for it, and checks that
 * a named user is the caller.
 * The guards every module's routes use (CONTRIBUTING.md#boundaries).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { findUserByEmail, findUserById } from '../users/users.service.js';
import { authenticate, type Caller } from './auth.service.js';
import { clearSessionCookie, sessionCookieToken } from './session-cookie.hooks.js';

export type { Caller };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const sessionEnded = 'Your session has ended. Please log in again.';

interface Resolved {
  caller: Caller | null;
  /** The call carried a session cookie whose session has ended (logged out, password changed, expired, forged). */
  endedCookie: boolean;
}

/**
 * A bearer header wins and must be valid (API clients). Without one, the session cookie names the caller; a cookie
 * whose session has ended is not an error here: the caller is a visitor and the response clears the cookie.
 */
async function resolveCaller(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<Resolved> {
  const header = request.headers.authorization;
  if (header) {
    const token = bearerToken(request);
    const caller = token ? await authenticate(deps, token) : null;
    if (!caller) throw unauthorized(sessionEnded);
    return { caller, endedCookie: false };
  }
  const cookie = sessionCookieToken(request);
  if (!cookie) return { caller: null, endedCookie: false };
  const caller = await authenticate(deps, cookie);
  if (caller) return { caller, endedCookie: false };
  clearSessionCookie(deps, reply);
  return { caller: null, endedCookie: true };
}

/** The product's words (docs/product/accounts.md#forced-password-change) for an account that must change its (temporary) password before anything else. */
export const passwordChangeRequiredMessage = accountMessages.passwordChangeRequired;

export interface RequireAuthOptions {
  /**
   * Let an account with hasPasswordChanged false through. Only for reading its own user, changing its password,
   * logout and session time: every other call refuses such an account with 403 (docs/product/accounts.md#forced-password-change, issue 3).
   */
  allowPendingPasswordChange?: boolean;
}

function refusePendingPasswordChange(caller: Caller | null, options: RequireAuthOptions): void {
  if (caller && !caller.user.hasPasswordChanged && !options.allowPendingPasswordChange) {
    throw forbidden(passwordChangeRequiredMessage);
  }
}

/** preHandler: the route needs a logged-in caller. */
export const requireAuth =
  (deps: Deps, options: RequireAuthOptions = {}) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const { caller, endedCookie } = await resolveCaller(deps, request, reply);
    if (!caller) throw unauthorized(endedCookie ? sessionEnded : undefined);
    refusePendingPasswordChange(caller, options);
    request.caller = caller;
  };

/**
 * preHandler: visitors welcome; a bearer token, when sent, must be valid, while a session cookie whose session has
 * ended just makes a visitor (and is cleared).
 */
export const optionalAuth =
  (deps: Deps, options: RequireAuthOptions = {}) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const { caller } = await resolveCaller(deps, request, reply);
    refusePendingPasswordChange(caller, options);
    request.caller = caller;
  };

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** A call that names a user acts only on the caller's own account, or on any for an admin (docs/product/accounts.md#ownership). */
export function assertSelfOrAdmin(caller: Caller, userId: string): void {
  if (caller.user.id !== userId && !caller.user.isAdmin) {
    throw forbidden('You can only access your own account.');
  }
}

/** The account a call names by e-mail: the caller's own, or (for an admin) anyone's. */
export async function userByEmailFor(deps: Deps, caller: Caller, email: string): Promise<UserRow> {
  if (caller.user.email === email) return caller.user;
  if (!caller.user.isAdmin) throw forbidden('You can only access your own account.');
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw notFound('No account has this email.');
  return user;
}

/** The account a call names by id: the caller's own, or (for an admin) anyone's. */
export async function userByIdFor(deps: Deps, caller: Caller, userId: string): Promise<UserRow> {
  assertSelfOrAdmin(caller, userId);
  if (caller.user.id === userId) return caller.user;
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('No account has this id.');
  return user;
}
