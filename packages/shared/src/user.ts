import { z } from 'zod';
import { messages } from './messages.js';

export const userTypes = ['freeUser', 'invitedUser', 'vipUser'] as const;
export const userTypeSchema = z.enum(userTypes);
export type UserType = z.infer<typeof userTypeSchema>;

/** `invited` is accepted on input and stored as `invitedUser` (docs/product/accounts.md#user-types). */
export const userTypeInput = z
  .enum(['freeUser', 'invited', 'invitedUser', 'vipUser'])
  .transform((t): UserType => (t === 'invited' ? 'invitedUser' : t));

export const userTypeLabels: Record<UserType, string> = {
  freeUser: 'Free User',
  invitedUser: 'Invited User',
  vipUser: 'VIP Member',
};

/** Spec's simple {email} pattern: something@something.something */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(emailPattern, messages.emailInvalid)
  .transform((e) => e.toLowerCase());

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordTooShort)
  .max(128, messages.passwordTooLong);

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  fullName: z.string(),
  username: z.string().nullable(),
  userType: userTypeSchema,
  Credits: z.number().int(),
  profileImage: z.string().nullable(),
  isStemsAvailable: z.boolean(),
  lastSessionDate: z.string().nullable(),
  hasPasswordChanged: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
