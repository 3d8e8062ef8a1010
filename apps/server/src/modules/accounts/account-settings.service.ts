/** Account settings: the profile (name, username, picture) and a password change that knows the current password. */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountMessages, type updateInfoBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { sessions, users, type UserRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeAllSessions, startSession, type Caller } from '../auth/auth.service.js';
import { profileImageUrl } from '../users/user-dto.js';
import { accountLimits } from './account-limits.js';
import { parseProfileImage } from './profile-image.js';

export const settingsMessages = {
  usernameTaken: 'This username is already taken. Please choose another one.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
} as const;

type ProfileData = z.output<typeof updateInfoBody>['data'];

function isUniqueViolation(error: unknown): boolean {
  // node-postgres puts the SQLSTATE on the error; Drizzle wraps it in `cause`.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function usernameTaken(deps: Deps, username: string, userId: string): Promise<boolean> {
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/** Name, username and picture of one account. Credits, user type and role are not in reach (docs/product/accounts.md#profile). */
export async function updateProfile(deps: Deps, user: UserRow, data: ProfileData): Promise<UserRow> {
  await deps.limiter.hit(accountLimits.profileUpdatesPerAccount, user.id);

  // The picture: a new upload, or the current one kept (sent back as its URL, or left out) — none stays none. An empty
  // string is a replacement chosen without a file (docs/product/accounts.md#profile-picture).
  const current = profileImageUrl(user.profileImageKey);
  const sent = data.profileImage ?? null;
  if (sent !== null && sent.trim() === '') throw badRequest(accountMessages.profilePictureRequired);
  const upload = sent !== null && sent !== current ? parseProfileImage(sent) : null;
  if (await usernameTaken(deps, data.username, user.id)) throw conflict(settingsMessages.usernameTaken);

  const newKey = upload ? `images/${randomUUID()}.${upload.extension}` : null;
  if (upload && newKey) await deps.storage.put(newKey, upload.bytes);
  let updated: UserRow | undefined;
  try {
    [updated] = await deps.db
      .update(users)
      .set({
        fullName: data.name,
        username: data.username,
        ...(newKey ? { profileImageKey: newKey } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (newKey) await deps.storage.delete(newKey).catch(() => undefined);
    if (isUniqueViolation(error)) throw conflict(settingsMessages.usernameTaken);
    throw error;
  }
  // The old picture is no longer anyone's; a failed clean-up leaves an orphan file, never a broken profile.
  if (newKey && user.profileImageKey) await deps.storage.delete(user.profileImageKey).catch(() => undefined);
  return updated!;
}

export interface PasswordChange {
  user: UserRow;
  /** The caller's new token when it changed its own password (every old token has ended), else null. */
  token: string | null;
  /** Whether the caller's new session is remembered, as the one it replaced was. */
  remember: boolean;
}

/** Changes a password given the current one; ends all of the account's sessions (docs/product/accounts.md#passwords). */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  address: string,
): Promise<PasswordChange> {
  await deps.limiter.hit(accountLimits.passwordChangesPerAddress, address);
  await deps.limiter.hit(accountLimits.passwordChangesPerAccount, user.id);
  await deps.limiter.check(accountLimits.wrongCurrentPasswordPerAccount, user.id);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await deps.limiter.record(accountLimits.wrongCurrentPasswordPerAccount, user.id);
    throw badRequest(settingsMessages.wrongCurrentPassword);
  }
  if (currentPassword === newPassword) throw badRequest(settingsMessages.samePassword);

  const passwordHash = await hashPassword(newPassword);
  const ownSession = caller.user.id === user.id;
  let remember = false;
  const updated = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (ownSession) {
      const [session] = await tx.select({ remember: sessions.remember }).from(sessions).where(eq(sessions.id, caller.sessionId));
      remember = session?.remember ?? false;
    }
    const [row] = await tx
      .update(users)
      .set({ passwordHash, hasPasswordChanged: true, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await revokeAllSessions(tx, user.id, now);
    return row!;
  });
  if (!ownSession) return { user: updated, token: null, remember: false };
  // The caller keeps working on a fresh token, as long-lived as the one it replaced.
  const session = await startSession(deps, updated, remember);
  return { user: session.user, token: session.token, remember: session.remember };
}
