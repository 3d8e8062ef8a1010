/**
 * Password recovery by e-mailed code (docs/product/accounts.md#password-recovery): /sendotp issues a 5-character code (hashed, 10 minutes, single-use,
 * 5 tries), /verifyotp trades the right code for a short-lived reset token, /api/changenewpassword spends the token.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { otpResendCooldownSeconds, type changeNewPasswordBody, type verifyOtpBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { otpCodes, resetTokens, users, type UserRow } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { renderEmail, productUrl } from '../../adapters/mail/templates.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeAllSessions } from '../auth/auth.service.js';
import { issueKnownDevice, type IssuedDevice } from '../auth/known-devices.js';
import { accountLimits, otpLifetimeMs, otpMaxAttempts, resetTokenLifetimeMs } from './account-limits.js';
import { generateOtp, generateResetToken, hashOtp, hashResetToken, sameHash } from './one-time-code.js';

export const recoveryMessages = {
  codeSent: 'If an account exists for this e-mail, a code is on its way.',
  wrongCode: 'The code is incorrect or has expired. Check the latest e-mail or ask for a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Please ask for a new code.',
  tokenInvalid: 'This reset token is not valid. Please verify a new code.',
  tokenUsed: 'This reset token has already been used. Please verify a new code.',
  tokenExpired: 'This reset token has expired. Please verify a new code.',
  tokenOtherEmail: 'This reset token was issued for another e-mail address.',
} as const;

async function findUserByEmail(deps: Deps, email: string): Promise<UserRow | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

async function issueAndSendCode(deps: Deps, user: UserRow): Promise<void> {
  const code = generateOtp();
  const now = deps.clock.now();
  // The e-mail is written in the code's own transaction (docs/background-jobs.md#what-follows-a-change).
  await deps.db.transaction(async (tx) => {
    // Only the newest code counts: asking again retires the older ones.
    await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt)));
    await tx.insert(otpCodes).values({
      userId: user.id,
      codeHash: hashOtp(deps.config.tokenSecret, user.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + otpLifetimeMs),
    });
    await deps.mailer.send(
      {
        to: user.email,
        ...renderEmail({
          subject: `${code} is your Beat Market code`,
          heading: 'Reset your password',
          greeting: `Hi ${user.fullName},`,
          paragraphs: [
            'Someone (hopefully you) asked to reset the password of your Beat Market account.',
            `Enter this code on the verification page. It works once and expires in ${otpLifetimeMs / 60_000} minutes.`,
          ],
          code: { label: 'Your code', value: code },
          action: { label: 'Open the verification page', url: productUrl(deps.config, '/otpverification') },
          footnote: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
        }),
      },
      tx,
    );
  });
}

export interface OtpRequest {
  resendAfterSeconds: number;
  /**
   * The code's creation and e-mail, still running. The response does not wait for it, so known and unknown e-mails
   * answer alike and in the same time (no account enumeration: docs/product/accounts.md#password-recovery).
   */
  delivery: Promise<void> | null;
}

export async function requestOtp(deps: Deps, email: string, address: string): Promise<OtpRequest> {
  await deps.limiter.hit(accountLimits.otpRequestsPerAddress, address);
  await deps.limiter.hit(accountLimits.otpResendCooldown, email);
  await deps.limiter.hit(accountLimits.otpRequestsPerEmail, email);
  // A new code comes with fresh tries, for known and unknown e-mails alike: wrong codes sent by someone else
  // (which also count as checks) never keep the owner from the code that just arrived.
  await deps.limiter.reset(accountLimits.otpWrongPerEmail, email);
  await deps.limiter.reset(accountLimits.otpChecksPerEmail, email);
  const user = await findUserByEmail(deps, email);
  return { resendAfterSeconds: otpResendCooldownSeconds, delivery: user ? issueAndSendCode(deps, user) : null };
}

export interface VerifiedCode {
  resetToken: string;
  expiresAt: Date;
}

type ParsedVerify = z.output<typeof verifyOtpBody>;

/** Counts one try on the account's live code and spends it when it matches. */
async function consumeCode(deps: Deps, user: UserRow, code: string): Promise<boolean> {
  const now = deps.clock.now();
  // The try is counted before the comparison, in one statement, so parallel guesses cannot exceed 5 between them.
  const [live] = await deps.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.userId, user.id),
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, otpMaxAttempts),
      ),
    )
    .returning();
  if (!live || !sameHash(live.codeHash, hashOtp(deps.config.tokenSecret, user.id, code))) return false;
  // Single use: of two right answers at once, one wins.
  const [spent] = await deps.db
    .update(otpCodes)
    .set({ usedAt: now })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.usedAt)))
    .returning({ id: otpCodes.id });
  return Boolean(spent);
}

export async function verifyOtp(deps: Deps, body: ParsedVerify, address: string): Promise<VerifiedCode> {
  await deps.limiter.hit(accountLimits.otpChecksPerAddress, address);
  // Refused before it counts as a check for the e-mail: the response says what helps (a new code).
  try {
    await deps.limiter.check(accountLimits.otpWrongPerEmail, body.email);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, recoveryMessages.tooManyWrongCodes, error.headers);
    throw error;
  }
  await deps.limiter.hit(accountLimits.otpChecksPerEmail, body.email);

  const user = await findUserByEmail(deps, body.email);
  const ok = user ? await consumeCode(deps, user, body.otp) : false;
  if (!user || !ok) {
    await deps.limiter.record(accountLimits.otpWrongPerEmail, body.email);
    throw badRequest(recoveryMessages.wrongCode);
  }
  await deps.limiter.reset(accountLimits.otpWrongPerEmail, body.email);

  const resetToken = generateResetToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + resetTokenLifetimeMs);
  await deps.db.insert(resetTokens).values({ userId: user.id, tokenHash: hashResetToken(resetToken), createdAt: now, expiresAt });
  return { resetToken, expiresAt };
}

type ParsedReset = z.output<typeof changeNewPasswordBody>;

/**
 * Sets a new password with a reset token; ends every session of the account. The browser that proved it reads
 * the account's e-mail becomes a known device (docs/product/limits.md#logins): the way in while someone keeps failing logins.
 */
export async function resetPassword(deps: Deps, body: ParsedReset, address: string): Promise<IssuedDevice> {
  await deps.limiter.hit(accountLimits.passwordResetsPerAddress, address);
  const tokenHash = hashResetToken(body.resetToken);
  const [found] = await deps.db
    .select({ token: resetTokens, email: users.email })
    .from(resetTokens)
    .innerJoin(users, eq(users.id, resetTokens.userId))
    .where(eq(resetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!found) throw badRequest(recoveryMessages.tokenInvalid);
  if (found.token.usedAt) throw badRequest(recoveryMessages.tokenUsed);
  if (found.token.expiresAt <= deps.clock.now()) throw badRequest(recoveryMessages.tokenExpired);
  if (found.email !== body.email) throw badRequest(recoveryMessages.tokenOtherEmail);

  const passwordHash = await hashPassword(body.newPassword);
  const userId = found.token.userId;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [spent] = await tx
      .update(resetTokens)
      .set({ usedAt: now })
      .where(and(eq(resetTokens.id, found.token.id), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)))
      .returning({ id: resetTokens.id });
    // Spent by a parallel request between the check above and here.
    if (!spent) throw badRequest(recoveryMessages.tokenUsed);
    await tx
      .update(users)
      .set({ passwordHash, hasPasswordChanged: true, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.update(otpCodes).set({ usedAt: now }).where(and(eq(otpCodes.userId, userId), isNull(otpCodes.usedAt)));
    await revokeAllSessions(tx, userId, now);
  });
  return issueKnownDevice(deps, userId);
}
