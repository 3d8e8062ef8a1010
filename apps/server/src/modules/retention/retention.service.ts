/**
 * Retention (docs/background-jobs.md#retention): rows that can no longer do anything are deleted, a batch
 * at a time so no statement holds its locks for long. Only what has ended goes; live rows are never touched.
 */
import { desc, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.js';
import { mailOutbox, otpCodes, resetTokens, sessions } from '../../db/schema.js';

const DAY_MS = 86_400_000;
/** A used or expired code is kept a day, so a late try still hears "already used" or "expired" rather than "not valid". */
export const ONE_TIME_CODE_GRACE_MS = DAY_MS;
/** Mail is kept 30 days (what went out, and why not); delivery gives up after about two hours, so older mail is history. */
export const MAIL_KEEP_MS = 30 * DAY_MS;
export const RETENTION_BATCH = 5_000;
/** A table that lost at least this many rows in a run is vacuumed and analyzed right after. */
export const RETENTION_VACUUM_ROWS = 1_000;

export interface PrunedCounts {
  sessions: number;
  oneTimeCodes: number;
  mail: number;
}

/**
 * Each batch is read in the order of the index its condition ranges over (`order`), so the index is walked from
 * its start whatever the statistics say: a run that finds nothing reads one index page. (Without the order, stale
 * statistics after a large delete, as on the embedded database without autovacuum, let the planner read the
 * whole table to find nothing: docs/decisions/0015-query-plans.md.)
 */
async function deleteInBatches(deps: Pick<Deps, 'db'>, table: PgTable, id: AnyPgColumn, where: SQL, order: SQL | AnyPgColumn): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = deps.db.select({ id }).from(table).where(where).orderBy(order).limit(RETENTION_BATCH);
    const deleted = await deps.db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    if (deleted.length < RETENTION_BATCH) return total;
  }
}

/**
 * After a large delete the table's statistics still count the deleted rows, and the embedded database has no
 * autovacuum to correct them: left so, the planner reads whole tables to find rows that are gone (the next run's
 * "nothing expired" took 15 ms instead of a fraction of one). The table is vacuumed and analyzed at once.
 */
async function tidy(deps: Pick<Deps, 'db'>, table: PgTable, deleted: number): Promise<void> {
  if (deleted >= RETENTION_VACUUM_ROWS) await deps.db.execute(sql`VACUUM (ANALYZE) ${table}`);
}

export async function pruneExpiredRecords(deps: Pick<Deps, 'db' | 'clock'>): Promise<PrunedCounts> {
  const now = deps.clock.now();
  const codeCutoff = new Date(now.getTime() - ONE_TIME_CODE_GRACE_MS);
  const mailCutoff = new Date(now.getTime() - MAIL_KEEP_MS);
  // An expired session authenticates nothing and ends every download link it made (auth.service.ts).
  const expiredSessions = await deleteInBatches(deps, sessions, sessions.id, lte(sessions.expiresAt, now), sessions.expiresAt);
  await tidy(deps, sessions, expiredSessions);
  // Expired or used: one range of each index, one after the other.
  let codes = 0;
  for (const table of [otpCodes, resetTokens]) {
    const spent =
      (await deleteInBatches(deps, table, table.id, lt(table.expiresAt, codeCutoff), table.expiresAt)) +
      (await deleteInBatches(deps, table, table.id, lt(table.usedAt, codeCutoff), table.usedAt));
    await tidy(deps, table, spent);
    codes += spent;
  }
  // Every mail older than 30 days goes, whatever became of it: the embedded store's mailbox (/dev/mail) never
  // sends, and delivery through SMTP gives up long before (docs/background-jobs.md#retention).
  // mail_outbox_created_idx is (created_at desc): walked forward from the cutoff.
  const mail = await deleteInBatches(deps, mailOutbox, mailOutbox.id, lt(mailOutbox.createdAt, mailCutoff), desc(mailOutbox.createdAt));
  await tidy(deps, mailOutbox, mail);
  return { sessions: expiredSessions, oneTimeCodes: codes, mail };
}

