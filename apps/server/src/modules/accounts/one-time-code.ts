/** One-time codes and reset tokens: drawn by crypto, stored only as keyed hashes, compared in constant time. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { otpAlphabet, otpLength } from '@beat/shared';

/** 5 symbols from 31: about 28.6 million codes (24.8 bits); 5 tries per code leave a guess no real chance. */
export function generateOtp(): string {
  let code = '';
  for (let i = 0; i < otpLength; i++) code += otpAlphabet[randomInt(otpAlphabet.length)];
  return code;
}

/**
 * A code has little entropy, so a plain hash could be reversed by trying them all; keyed with the server's
 * secret and the user's id, a leaked table gives nothing away.
 */
export function hashOtp(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reset tokens carry 256 random bits, so a plain SHA-256 is enough to keep them unusable from the table. */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
