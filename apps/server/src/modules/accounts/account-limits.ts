/**
 * Rate limits of the account calls (issue 3). Per-address and per-e-mail request limits scale with RATE_LIMIT_SCALE;
 * the resend cooldown, the codes per hour and the wrong-answer limits are per code or account and never scale (docs/product/limits.md#what-does-not-scale).
 */
import { otpResendCooldownSeconds } from '@beat/shared';
import type { LimitRule } from '../../lib/rate-limiter.js';

const minute = 60_000;

export const accountLimits = {
  otpRequestsPerAddress: { name: 'code requests from this address', max: 10, windowMs: 10 * minute, scales: true },
  /** The 60-second resend cooldown (docs/product/accounts.md#password-recovery), kept per e-mail whether or not an account has it (no enumeration). */
  otpResendCooldown: { name: 'code requests', max: 1, windowMs: otpResendCooldownSeconds * 1000, scales: false },
  otpRequestsPerEmail: { name: 'code requests for this e-mail', max: 6, windowMs: 60 * minute, scales: false },
  otpChecksPerAddress: { name: 'code checks from this address', max: 30, windowMs: 10 * minute, scales: true },
  /** Reset by a new code, like the wrong codes below. */
  otpChecksPerEmail: { name: 'code checks for this e-mail', max: 15, windowMs: 10 * minute, scales: true },
  /** Mirrors the per-code limit of 5 wrong tries, so known and unknown e-mails answer alike. Reset by a new code. */
  otpWrongPerEmail: { name: 'wrong codes', max: 5, windowMs: 10 * minute, scales: false },
  passwordResetsPerAddress: { name: 'password resets from this address', max: 20, windowMs: 10 * minute, scales: true },
  passwordChangesPerAddress: { name: 'password changes from this address', max: 20, windowMs: 10 * minute, scales: true },
  passwordChangesPerAccount: { name: 'password changes for this account', max: 10, windowMs: 10 * minute, scales: true },
  wrongCurrentPasswordPerAccount: { name: 'wrong current passwords', max: 10, windowMs: 60 * minute, scales: false },
  profileUpdatesPerAccount: { name: 'profile updates', max: 30, windowMs: 10 * minute, scales: true },
} satisfies Record<string, LimitRule>;

/** Code lifetime and what a verified code buys (docs/product/accounts.md#password-recovery). */
export const otpLifetimeMs = 10 * minute;
export const otpMaxAttempts = 5;
export const resetTokenLifetimeMs = 15 * minute;
