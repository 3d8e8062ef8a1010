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
});
export type SignupBody = z.input<typeof signupBody>;

export const authResponse = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const getUserBody = z.object({ email: emailField });
export const getUserResponse = z.object({ user: userSchema });

export const sessionTimeBody = z.object({
  userId: z.string({ error: 'userId is required' }).uuid('userId is not a valid id'),
  sessionDuration: z
    .number({ error: 'sessionDuration must be a number of seconds' })
    .int('sessionDuration must be a whole number of seconds')
    .min(0, 'sessionDuration cannot be negative')
    .max(60 * 60 * 24 * 31, 'sessionDuration is too long'),
});
