/** Accounts: password recovery by e-mailed code, profile update, password change (issue 3). */
import { z } from 'zod';
import { emailField, passwordField, userSchema } from './user.js';

/** The product's own words for these screens (docs/product/screens-and-words.md), letter for letter. */
export const accountMessages = {
  fillInTheCode: 'Fill in the code',
  fillInTheFields: 'Please fill in the fields',
  passwordDidNotMatch: 'Password did not match',
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  otpVerified: 'OTP Verified successfully',
  passwordChangedSuccessfully: 'Password Changed Successfully',
  userInfoUpdated: 'User Info Updated',
  passwordChanged: 'Password Changed',
  usernameRequired: 'Username is required',
  profilePictureRequired: 'Profile Picture is required',
  nameRequired: 'name is required',
  currentPasswordRequired: 'Current Password is required',
  newPasswordRequired: 'New Password is required',
  passwordTooShortLong: 'Password must be at least 8 characters long',
  passwordsMustMatch: 'New password and confirm password must match',
  invalidImage: 'Please upload a valid image file (PNG, JPEG, JPG).',
  passwordChangeRequiredTitle: 'Password Change Required',
  passwordChangeRequired: 'Please change your password to access the system.',
} as const;

/** One-time codes: 5 characters from 31 capitals and digits that cannot be mistaken for each other (no I, L, O, 0, 1). */
export const otpAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const otpLength = 5;
/** Seconds before another code may be asked for (docs/product/accounts.md#password-recovery); the server enforces it too. */
export const otpResendCooldownSeconds = 60;

const otpPattern = new RegExp(`^[${otpAlphabet}]{${otpLength}}$`);

export const sendOtpBody = z.object({ email: emailField });
export type SendOtpBody = z.input<typeof sendOtpBody>;

export const sendOtpResponse = z.object({
  message: z.string(),
  /** Seconds until another code may be asked for. */
  resendAfterSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponse>;

export const verifyOtpBody = z.object({
  email: emailField,
  otp: z
    .string({ error: accountMessages.fillInTheCode })
    .trim()
    .toUpperCase()
    .length(otpLength, accountMessages.fillInTheCode)
    .regex(otpPattern, 'The code has only capital letters and digits 2–9.'),
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

export const verifyOtpResponse = z.object({
  message: z.string(),
  /** Proof of the verified code for /api/changenewpassword; single-use, short-lived. */
  resetToken: z.string(),
  expiresAt: z.string(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

export const changeNewPasswordBody = z.object({
  email: emailField,
  newPassword: passwordField,
  resetToken: z
    .string({ error: 'The reset token is missing. Please verify the code from your e-mail first.' })
    .min(1, 'The reset token is missing. Please verify the code from your e-mail first.')
    .max(200, 'This reset token is not valid. Please request a new code.'),
});
export type ChangeNewPasswordBody = z.input<typeof changeNewPasswordBody>;

/** Profile pictures: PNG or JPEG, at most this many bytes (checked by content on the server). */
export const profileImageMaxBytes = 2 * 1024 * 1024;
export const profileImageTypes = ['image/png', 'image/jpeg', 'image/jpg'] as const;

export const usernamePattern = /^[A-Za-z0-9._-]+$/;

export const updateInfoBody = z.object({
  email: emailField,
  data: z.object(
    {
      name: z
        .string({ error: accountMessages.nameRequired })
        .trim()
        .min(1, accountMessages.nameRequired)
        .max(100, 'name must be at most 100 characters'),
      username: z
        .string({ error: accountMessages.usernameRequired })
        .trim()
        .min(1, accountMessages.usernameRequired)
        .min(3, 'Username must be at least 3 characters')
        .max(30, 'Username must be at most 30 characters')
        .regex(usernamePattern, 'Username may only use letters, digits, dots, dashes and underscores'),
      /**
       * A new picture as a data URL (`data:image/png;base64,…`), or the current `profileImage` URL (or nothing) to keep
       * the current one, whether or not the account has one. An empty string says the user chose to replace the
       * picture but gave no file: 'Profile Picture is required' (docs/product/accounts.md#profile-picture).
       */
      profileImage: z.string().max(4 * 1024 * 1024, 'The profile picture must be at most 2 MB.').nullish(),
    },
    { error: 'data is required: { name, username, profileImage }' },
  ),
});
export type UpdateInfoBody = z.input<typeof updateInfoBody>;

export const updateInfoResponse = z.object({ message: z.string(), user: userSchema });
export type UpdateInfoResponse = z.infer<typeof updateInfoResponse>;

export const changePasswordBody = z.object({
  email: emailField,
  password: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(128, 'Current Password is not valid'),
  newPassword: z
    .string({ error: accountMessages.newPasswordRequired })
    .min(1, accountMessages.newPasswordRequired)
    .min(8, accountMessages.passwordTooShortLong)
    .max(128, 'Password must be at most 128 characters'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A password change ends every session, the caller's too; `token` is the caller's new one. */
export const changePasswordResponse = z.object({ message: z.string(), token: z.string().nullable(), user: userSchema });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;
