/** Sign-up, login, logout and token checks. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginBody, SignupBody } from '@beat/shared';
import { messages } from '@beat/shared';
import type { z } from 'zod';
import type { loginBody, signupBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { sessionLogs, sessions, users, type UserRow } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { BackoffRule, LimitRule } from '../../lib/rate-limiter.js';
import { issueKnownDevice, knownDeviceFor, type IssuedDevice } from './known-devices.js';
import { hashPassword, verifyAgainstNobody, verifyPassword } from './passwords.js';

const minute = 60_000;
export const authLimits = {
  loginPerAddress: { name: 'login attempts', max: 30, windowMs: minute, scales: true },
  signupPerAddress: { name: 'sign-ups from this address', max: 20, windowMs: 10 * minute, scales: true },
  signupPerEmail: { name: 'sign-up attempts', max: 5, windowMs: 10 * minute, scales: true },
} satisfies Record<string, LimitRule>;

/**
 * Failed logins slow further tries down instead of locking the account (docs/product/limits.md#logins): 5 tries
 * back to back, then waits of 1 s, 2 s, 4 s … at most 15 minutes, forgotten a day after the last failure or at
 * the next success. Browsers the account has not used share one delay per account, which bounds guessing;
 * a known device (known-devices.ts) has its own, so the owner logs in while someone else keeps failing.
 */
const failedLoginDelay = { free: 5, firstDelayMs: 1000, maxDelayMs: 15 * minute, forgetMs: 24 * 60 * minute };
const resetAdvice = 'Forgot your password? Resetting it also lets this browser log in at once.';
export const loginBackoff = {
  perAccount: { name: 'failed logins for this account', ...failedLoginDelay, advice: resetAdvice },
  perKnownDevice: { name: 'failed logins from this browser', ...failedLoginDelay, advice: resetAdvice },
} satisfies Record<string, BackoffRule>;

export interface Session {
  token: string;
  user: UserRow;
  /** "Remember me": the session lasts REMEMBER_TTL_DAYS across browser restarts, else TOKEN_TTL_HOURS for the browser's session. */
  remember: boolean;
}

/** A session made by signing up or logging in, with the known-device token for the browser that did it. */
export interface BrowserSession extends Session {
  device: IssuedDevice;
}

type ParsedSignup = z.output<typeof signupBody>;
type ParsedLogin = z.output<typeof loginBody>;

/** Issues a new token (and session row) for a user; also used after a password change. */
export async function startSession(deps: Deps, user: UserRow, remember: boolean): Promise<Session> {
  const now = deps.clock.now();
  const ttl = remember ? deps.config.rememberTtlSeconds : deps.config.tokenTtlSeconds;
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  const [session] = await deps.db.insert(sessions).values({ userId: user.id, remember, expiresAt, createdAt: now }).returning();
  const [updated] = await deps.db
    .update(users)
    .set({ lastSessionDate: now })
    .where(eq(users.id, user.id))
    .returning();
  const token = await deps.tokens.sign({ userId: user.id, sessionId: session!.id }, expiresAt);
  return { token, user: updated!, remember };
}

export async function signup(deps: Deps, body: ParsedSignup, address: string): Promise<BrowserSession> {
  await deps.limiter.hit(authLimits.signupPerAddress, address);
  await deps.limiter.hit(authLimits.signupPerEmail, body.email);
  const passwordHash = await hashPassword(body.password);
  // Signup always creates a freeUser (docs/product/accounts.md#signup), whatever the body says.
  const [user] = await deps.db
    .insert(users)
    .values({ email: body.email, fullName: body.fullName, passwordHash, userType: 'freeUser' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict('An account with this email already exists. Please log in.');
  // A new account's session is the browser's unless the person asked to be remembered.
  return { ...(await startSession(deps, user, body.remember ?? false)), device: issueKnownDevice(deps, user.id) };
}

/**
 * Checks the password, under the per-address limit and a growing delay after failures: the browser's own
 * when `deviceToken` names a known device of this account, the account's otherwise (an unknown e-mail is
 * treated like an account, so the responses never tell them apart).
 */
export async function login(deps: Deps, body: ParsedLogin, address: string, deviceToken?: string): Promise<BrowserSession> {
  await deps.limiter.hit(authLimits.loginPerAddress, address);
  const [user] = await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const device = user ? knownDeviceFor(deps, deviceToken, user.id) : null;
  const [rule, key] = device
    ? [loginBackoff.perKnownDevice, `${device.userId}:${device.deviceId}`]
    : [loginBackoff.perAccount, body.email];
  // Counted as a failure before the password is checked, so parallel guesses cannot share one free try.
  await deps.limiter.attempt(rule, key);
  const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstNobody(body.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', messages.invalidCredentials);
  await deps.limiter.reset(rule, key);
  return { ...(await startSession(deps, user, body.remember ?? false)), device: issueKnownDevice(deps, user.id) };
}

export async function logout(deps: Deps, sessionId: string): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change or reset), inside the caller's transaction. */
export async function revokeAllSessions(db: Db | Tx, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export interface Caller {
  user: UserRow;
  sessionId: string;
}

/** The caller behind a bearer token, or null when the token is missing, forged, expired or revoked. */
export async function authenticate(deps: Deps, token: string): Promise<Caller | null> {
  const now = deps.clock.now();
  const claims = await deps.tokens.verify(token, now);
  if (!claims) return null;
  const [row] = await deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? { user: row.user, sessionId: claims.sessionId } : null;
}

/** Whether a session (of this user, when named) is still on: not logged out, not ended by a password change or reset, not expired. */
export async function isSessionActive(deps: Deps, sessionId: string, userId?: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        userId === undefined ? undefined : eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function recordSessionTime(deps: Deps, userId: string, seconds: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(sessionLogs).values({ userId, seconds, createdAt: deps.clock.now() });
    await tx
      .update(users)
      .set({ totalSessionSeconds: sql`${users.totalSessionSeconds} + ${seconds}` })
      .where(eq(users.id, userId));
  });
}

export type { LoginBody, SignupBody };
