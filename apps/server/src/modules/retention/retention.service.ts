/**
 * Retention (docs/background-jobs.md#retention): rows that can no longer do anything are deleted, a batch
 * at a time so no statement holds its locks for long. Only what has ended goes; live rows are never touched.
 */
import { desc, lt, lte, sql, type SQL } from 'drizzle-orm';
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
 * Rows of one batch of a range: its ids are read in the order of the index the condition ranges over (`order`), so
 * the index is walked from its start whatever the statistics say, and a range with nothing in it reads one index
 * page. (Without the order, stale statistics after a large delete, as on the embedded database without autovacuum,
 * let the planner read the whole table to find nothing: docs/decisions/0015-query-plans.md.) `= any(array(…))`
 * then looks each id up in the primary key.
 */
function inBatch(table: PgTable, id: AnyPgColumn, where: SQL, order: SQL | AnyPgColumn): SQL {
  return sql`${id} = any(array(select ${id} from ${table} where ${where} order by ${order} limit ${RETENTION_BATCH}))`;
}

/**
 * After a large delete the table's statistics still count the deleted rows, and the embedded database has no
 * autovacuum to correct them: left so, the planner reads whole tables to find rows that are gone (the next run's
 * "nothing expired" took 15 ms instead of a fraction of one). The table is vacuumed and analyzed at once.
 */
async function tidy(deps: Pick<Deps, 'db'>, table: PgTable, deleted: number): Promise<void> {
  if (deleted >= RETENTION_VACUUM_ROWS) await deps.db.execute(sql`VACUUM (ANALYZE) ${table}`);
}

interface PassCounts {
  sessions: number;
  otp: number;
  reset: number;
  mail: number;
}

/**
 * One batch of every kind in one statement (a run that finds nothing is one round trip, not six): each kind's
 * delete is a data-modifying `with` query, and the statement returns how many rows each removed. A code expired
 * or used is two ranges of two indexes (never an `OR` over the table), both deleted by one query of the table.
 */
async function deletePass(deps: Pick<Deps, 'db'>, now: Date, codeCutoff: Date, mailCutoff: Date): Promise<PassCounts> {
  const spentCodes = (table: typeof otpCodes | typeof resetTokens) =>
    sql`${inBatch(table, table.id, lt(table.expiresAt, codeCutoff), table.expiresAt)} or ${inBatch(table, table.id, lt(table.usedAt, codeCutoff), table.usedAt)}`;
  const { rows } = await deps.db.execute<Record<keyof PassCounts, number | string>>(sql`
    with
      -- An expired session authenticates nothing and ends every download link it made (auth.service.ts).
      sessions_gone as (delete from ${sessions} where ${inBatch(sessions, sessions.id, lte(sessions.expiresAt, now), sessions.expiresAt)} returning 1),
      otp_gone as (delete from ${otpCodes} where ${spentCodes(otpCodes)} returning 1),
      reset_gone as (delete from ${resetTokens} where ${spentCodes(resetTokens)} returning 1),
      -- mail_outbox_created_idx is (created_at desc): walked forward from the cutoff.
      mail_gone as (delete from ${mailOutbox} where ${inBatch(mailOutbox, mailOutbox.id, lt(mailOutbox.createdAt, mailCutoff), desc(mailOutbox.createdAt))} returning 1)
    select (select count(*) from sessions_gone) as sessions, (select count(*) from otp_gone) as otp,
      (select count(*) from reset_gone) as reset, (select count(*) from mail_gone) as mail`);
  const row = rows[0]!;
  return { sessions: Number(row.sessions), otp: Number(row.otp), reset: Number(row.reset), mail: Number(row.mail) };
}

export async function pruneExpiredRecords(deps: Pick<Deps, 'db' | 'clock'>): Promise<PrunedCounts> {
  const now = deps.clock.now();
  const codeCutoff = new Date(now.getTime() - ONE_TIME_CODE_GRACE_MS);
  // Every mail older than 30 days goes, whatever became of it: the embedded store's mailbox (/dev/mail) never
  // sends, and delivery through SMTP gives up long before (docs/background-jobs.md#retention).
  const mailCutoff = new Date(now.getTime() - MAIL_KEEP_MS);
  const total: PassCounts = { sessions: 0, otp: 0, reset: 0, mail: 0 };
  for (;;) {
    const pass = await deletePass(deps, now, codeCutoff, mailCutoff);
    for (const kind of Object.keys(total) as (keyof PassCounts)[]) total[kind] += pass[kind];
    // A kind whose batch came back short has nothing left in its ranges; a full one may have more.
    if (Object.values(pass).every((n) => n < RETENTION_BATCH)) break;
  }
  await tidy(deps, sessions, total.sessions);
  await tidy(deps, otpCodes, total.otp);
  await tidy(deps, resetTokens, total.reset);
  await tidy(deps, mailOutbox, total.mail);
  return { sessions: total.sessions, oneTimeCodes: total.otp + total.reset, mail: total.mail };
}
