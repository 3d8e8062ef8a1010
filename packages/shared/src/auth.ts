import { z } from 'zod';
import { messages } from './messages.js';
import { emailField, passwordField, userSchema, userTypeInput } from './user.js';

export const loginBody = z.object({
  email: emailField,
  password: passwordField,
  /** Remember me: a longer-lived session kept across browser restarts. */
  remember: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const signupBody = z.object({
  fullName: z
    .string({ error: messages.fullNameRequired })
    .trim()
    .min(1, messages.fullNameRequired)
    .max(100, 'Full Name must be at most 100 characters'),
  email: emailField,
  password: passwordField,
  /** Signup always creates a freeUser; the field is accepted for compatibility and ignored. */
  userType: userTypeInput.optional(),
  /** Remember me: a longer-lived session kept across browser restarts. Without it the session is the browser's. */
  remember: z.boolean().optional(),
});
export type SignupBody = z.input<typeof signupBody>;

export const authResponse = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const getUserBody = z.object({ email: emailField });
export const getUserResponse = z.object({ user: userSchema });

/** GET /api/me: the caller's user, or null for a visitor (never an error for one). */
export const meResponse = z.object({ user: userSchema.nullable() });
export type MeResponse = z.infer<typeof meResponse>;

/**
 * Why the login form posted without JavaScript (POST /login) failed: the short code the server puts in
 * /login?error=… and the words the page then shows, the same the API gives.
 */
export const loginFormErrors = {
  credentials: messages.invalidCredentials,
  'email-required': messages.emailRequired,
  'email-invalid': messages.emailInvalid,
  'password-required': messages.passwordRequired,
  'password-short': messages.passwordTooShort,
  'password-long': messages.passwordTooLong,
  'too-many': 'Too many login attempts. Please wait a moment and try again.',
  unavailable: messages.storeUnavailable,
} as const;
export type LoginFormError = keyof typeof loginFormErrors;

export function loginFormErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(loginFormErrors, code) ? loginFormErrors[code as LoginFormError] : messages.invalidCredentials;
}

export const sessionTimeBody = z.object({
  userId: z.string({ error: 'userId is required' }).uuid('userId is not a valid id'),
  sessionDuration: z
    .number({ error: 'sessionDuration must be a number of seconds' })
    .int('sessionDuration must be a whole number of seconds')
    .min(0, 'sessionDuration cannot be negative')
    .max(60 * 60 * 24 * 31, 'sessionDuration is too long'),
});
