/** User management: the list, invitations with a temporary password by e-mail, credits and stems, VIP, delete. */
import { randomInt } from 'node:crypto';
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { inviteUserBody, updateUserBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { newestFirstPage, type NewestFirst } from '../../lib/newest-first-page.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { productUrl, renderEmail } from '../../adapters/mail/templates.js';
import { hashPassword } from '../auth/passwords.js';
import { changeRecord, recordAudit, userSnapshot, type AuditActor } from '../audit/audit.service.js';
import { listTotals } from './daily-totals.js';

export const adminLimits = {
  invitesPerAdmin: { name: 'invitations', max: 60, windowMs: 60 * 60_000, scales: true },
} satisfies Record<string, LimitRule>;

export interface AdminListPage {
  q?: string;
  page: number;
  pageSize: number;
  /** Starts the page right after the row this cursor names (keyset paging); `page` is then only its number. */
  cursor?: string;
}

const userKey = [cursorValue.timestamp, cursorValue.uuid] as const;
const userList: NewestFirst = { table: users, at: users.createdAt, id: users.id };

/**
 * Accounts newest first. A cursor page walks `users_created_idx` from the cursor's (created_at, id); a page number
 * without a cursor reads the page's ids from the index alone. The unsearched total is the day totals' sum, a
 * search counts its matches (docs/decisions/0015-query-plans.md).
 */
export async function listUsers(deps: Deps, input: AdminListPage): Promise<{ rows: UserRow[]; total: number; nextCursor: string | null }> {
  const pattern = containsPattern(input.q);
  const search: SQL | undefined = pattern ? or(ilike(users.email, pattern), ilike(users.fullName, pattern)) : undefined;
  const after = input.cursor ? decodeCursor(input.cursor, userKey) : null;
  const start = { after, offset: (input.page - 1) * input.pageSize, size: input.pageSize };
  const { rows, total } = await newestFirstPage<UserRow>(deps.db, userList, search, start, async () => (await listTotals(deps)).users);
  const shown = rows.slice(0, input.pageSize);
  const last = shown[shown.length - 1];
  return {
    rows: shown.map((r) => r.row),
    total,
    nextCursor: rows.length > input.pageSize && last ? encodeCursor([last.key, last.row.id]) : null,
  };
}

/** No look-alike characters (0/O, 1/l/I), so a password read from an e-mail is typed right the first time. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function temporaryPassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** "jane.doe-smith@x.com" → "Jane Doe Smith": a name for an admin made on the command line without one. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._+-]+/).filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return name.slice(0, 100) || 'New Member';
}

type InviteInput = z.output<typeof inviteUserBody>;

export async function inviteUser(deps: Deps, actor: AuditActor, input: InviteInput): Promise<UserRow> {
  await deps.limiter.hit(adminLimits.invitesPerAdmin, actor.email);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const credits = input.credits === 1 ? '1 free credit' : `${input.credits} free credits`;
  // The invitation is written in the account's own transaction (docs/background-jobs.md#what-follows-a-change):
  // an account never exists without its e-mail, and one that cannot be written leaves no account.
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        userType: 'invitedUser',
        credits: input.credits,
        hasPasswordChanged: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict('An account with this email already exists.');
    await recordAudit(tx, actor, now, { action: 'user.invite', targetType: 'user', targetId: created.id, after: userSnapshot(created) });
    await deps.mailer.send(
      {
        to: created.email,
        ...renderEmail({
          subject: 'You are invited to Beat Market',
          heading: 'Your Beat Market account is ready',
          greeting: `Hi ${created.fullName},`,
          paragraphs: [
            'You have been invited to Beat Market, the beat store for artists and producers.',
            input.credits > 0
              ? `Your account comes with ${credits}: each one unlocks the MP3 and WAV of a beat of the VIP catalog, for good.`
              : 'Browse the catalog, save your favourites and pick up the beats you love.',
            `Log in with your e-mail address (${created.email}) and the temporary password below. You will be asked to choose your own password right away.`,
          ],
          code: { label: 'Temporary password', value: password },
          action: { label: 'Log in to Beat Market', url: productUrl(deps.config, '/login') },
          footnote: 'If you did not expect this invitation, you can ignore this e-mail.',
        }),
      },
      tx,
    );
    return created;
  });
}

async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!user) throw notFound('This user does not exist.');
  return user;
}

type UpdateInput = z.output<typeof updateUserBody>;

/** Sets credits and the stems grant. A profile update can never do this; only an admin can (docs/product/accounts.md#profile). */
export async function updateUser(deps: Deps, actor: AuditActor, userId: string, input: UpdateInput): Promise<UserRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    const [after] = await tx
      .update(users)
      .set({
        ...(input.credits !== undefined ? { credits: input.credits } : {}),
        ...(input.isStemsAvailable !== undefined ? { isStemsAvailable: input.isStemsAvailable } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(tx, actor, now, changeRecord('user.update', 'user', userId, userSnapshot, before, after!));
    return after!;
  });
}

export async function promoteToVip(deps: Deps, actor: AuditActor, userId: string): Promise<UserRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (before.userType === 'vipUser') throw conflict('This user is already a VIP member.');
    const [after] = await tx.update(users).set({ userType: 'vipUser', updatedAt: now }).where(eq(users.id, userId)).returning();
    await recordAudit(tx, actor, now, changeRecord('user.promote', 'user', userId, userSnapshot, before, after!));
    return after!;
  });
}

/** The account goes; its purchases stay in the books with the buyer's name and e-mail (their user link is set null). */
export async function deleteUser(deps: Deps, actor: AuditActor, userId: string): Promise<void> {
  if (actor.id === userId) throw badRequest('You cannot delete your own account from the admin area.');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, actor, now, { action: 'user.delete', targetType: 'user', targetId: userId, before: userSnapshot(before) });
  });
}
