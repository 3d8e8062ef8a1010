/**
 * Retention (docs/background-jobs.md#retention): rows that can no longer do anything are deleted, a batch
 * at a time so no statement holds its locks for long. Only what has ended goes; live rows are never touched.
 */
import { inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.js';
import { mailOutbox, otpCodes, resetTokens, sessions } from '../../db/schema.js';

const DAY_MS = 86_400_000;
/** A used or expired code is kept a day, so a late try still hears "already used" or "expired" rather than "not valid". */
export const ONE_TIME_CODE_GRACE_MS = DAY_MS;
/** Mail is kept 30 days (what went out, and why not); delivery gives up after about two hours, so older mail is history. */
export const MAIL_KEEP_MS = 30 * DAY_MS;
export const RETENTION_BATCH = 5_000;

export interface PrunedCounts {
  sessions: number;
  oneTimeCodes: number;
  mail: number;
}

async function deleteInBatches(deps: Pick<Deps, 'db'>, table: PgTable, id: AnyPgColumn, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = deps.db.select({ id }).from(table).where(where).limit(RETENTION_BATCH);
    const deleted = await deps.db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    if (deleted.length < RETENTION_BATCH) return total;
  }
}

export async function pruneExpiredRecords(deps: Pick<Deps, 'db' | 'clock'>): Promise<PrunedCounts> {
  const now = deps.clock.now();
  const codeCutoff = new Date(now.getTime() - ONE_TIME_CODE_GRACE_MS);
  const mailCutoff = new Date(now.getTime() - MAIL_KEEP_MS);
  // An expired session authenticates nothing and ends every download link it made (auth.service.ts).
  const expiredSessions = await deleteInBatches(deps, sessions, sessions.id, lte(sessions.expiresAt, now));
  const codes = await deleteInBatches(deps, otpCodes, otpCodes.id, or(lt(otpCodes.expiresAt, codeCutoff), lt(otpCodes.usedAt, codeCutoff))!);
  const tokens = await deleteInBatches(
    deps,
    resetTokens,
    resetTokens.id,
    or(lt(resetTokens.expiresAt, codeCutoff), lt(resetTokens.usedAt, codeCutoff))!,
  );
  // Every mail older than 30 days goes, whatever became of it: the embedded store's mailbox (/dev/mail) never
  // sends, and delivery through SMTP gives up long before (docs/background-jobs.md#retention).
  const mail = await deleteInBatches(deps, mailOutbox, mailOutbox.id, lt(mailOutbox.createdAt, mailCutoff));
  return { sessions: expiredSessions, oneTimeCodes: codes + tokens, mail };
}

