/** The audit log: every admin change, with who made it, when, and the record before and after. */
import { count, desc, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, type BeatRow, type UserRow } from '../../db/schema.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';

const auditKey = [cursorValue.timestamp, cursorValue.integer] as const;

/** Who made a change: an admin (their user row will do) or the command line. */
export interface AuditActor {
  /** Null when the change came from the command line. */
  id: string | null;
  email: string;
}

export const commandLineActor: AuditActor = { id: null, email: 'command line' };

export type AuditAction =
  | 'beat.create'
  | 'beat.update'
  | 'beat.publish'
  | 'beat.unpublish'
  | 'beat.delete'
  | 'user.invite'
  | 'user.invite-undone'
  | 'user.update'
  | 'user.promote'
  | 'user.delete'
  | 'user.make-admin'
  | 'store.tag'
  | 'store.tag-placement'
  | 'store.sale-notices'
  | 'store.page'
  | 'store.intro-video'
  | 'licence.terms'
  | 'coupon.create'
  | 'coupon.update'
  | 'coupon.delete'
  | 'deals.bulk'
  | 'tier.create'
  | 'tier.update'
  | 'tier.order'
  | 'beat.tier'
  | 'beat.tier-prices';

export interface AuditRecord {
  action: AuditAction;
  targetType: 'beat' | 'user' | 'store' | 'licence' | 'coupon' | 'tier';
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Write it in the same transaction as the change, so neither exists without the other. */
export async function recordAudit(db: Db | Tx, actor: AuditActor, at: Date, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: at,
  });
}

/** An edit's record: the target as it was and as it became, both kept through the same snapshot. */
export function changeRecord<Row>(
  action: AuditAction,
  targetType: AuditRecord['targetType'],
  targetId: string,
  snapshot: (row: Row) => unknown,
  before: Row,
  after: Row,
): AuditRecord {
  return { action, targetType, targetId, before: snapshot(before), after: snapshot(after) };
}

/** What the log keeps of a beat: the fields an admin edits, never more. */
export function beatSnapshot(beat: BeatRow) {
  return {
    title: beat.title,
    artistName: beat.artistName,
    category: beat.category,
    bpm: beat.bpm,
    releaseDate: beat.releaseDate.toISOString(),
    tags: beat.tags,
    priceCents: beat.priceCents,
    beatType: beat.beatType,
    countdownEndTime: beat.countdownEndTime?.toISOString() ?? null,
    durationSeconds: beat.durationSeconds,
    mp3Key: beat.mp3Key,
    wavKey: beat.wavKey,
    stemsKey: beat.stemsKey,
    published: beat.published,
    freeDownload: beat.freeDownload,
    deletedAt: beat.deletedAt?.toISOString() ?? null,
  };
}

/** What the log keeps of a user: never the password hash. */
export function userSnapshot(user: UserRow) {
  return {
    email: user.email,
    fullName: user.fullName,
    userType: user.userType,
    credits: user.credits,
    isStemsAvailable: user.isStemsAvailable,
    isAdmin: user.isAdmin,
    hasPasswordChanged: user.hasPasswordChanged,
  };
}

/**
 * The log newest first. A cursor (keyset paging) starts the page right after the entry it names; a page number
 * without one reads the page's ids from the log's index alone (docs/decisions/0015-query-plans.md).
 */
export async function listAudit(
  deps: Deps,
  page: number,
  pageSize: number,
  cursor?: string,
): Promise<{ entries: AuditEntry[]; total: number; nextCursor: string | null }> {
  const order = [desc(auditLog.createdAt), desc(auditLog.id)];
  const after = cursor ? decodeCursor(cursor, auditKey) : null;
  const columns = { entry: auditLog, key: sql<string>`${auditLog.createdAt}::text` };
  const read = after
    ? deps.db
        .select(columns)
        .from(auditLog)
        .where(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${Number(after[1])})`)
        .orderBy(...order)
        .limit(pageSize + 1)
    : deps.db
        .select(columns)
        .from(auditLog)
        .where(inArray(auditLog.id, deps.db.select({ id: auditLog.id }).from(auditLog).orderBy(...order).limit(pageSize + 1).offset((page - 1) * pageSize)))
        .orderBy(...order);
  const [found, [total]] = await Promise.all([read, deps.db.select({ n: count() }).from(auditLog)]);
  const shown = found.slice(0, pageSize);
  const rows = shown.map((r) => r.entry);
  const last = shown[shown.length - 1];
  const nextCursor = found.length > pageSize && last ? encodeCursor([last.key, last.entry.id]) : null;
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    nextCursor,
  };
}
