/** Retention deletes exactly what has ended: expired sessions, spent one-time codes, old sent or failed mail. */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, mailOutbox, otpCodes, resetTokens, sessions } from '../../db/schema.js';
import { createUser, fixedClock, fileTestApp } from '../../test/helper.js';
import { startJobWorker } from '../../jobs/job-worker.js';
import { MAIL_KEEP_MS, ONE_TIME_CODE_GRACE_MS, pruneExpiredRecords, RETENTION_BATCH } from './retention.service.js';
import { RETENTION_INTERVAL_MS, RETENTION_QUEUE, retentionJobHandlers } from './retention.jobs.js';

const now = new Date('2026-06-01T12:00:00Z');
const clock = fixedClock(now);

const t = fileTestApp({ clock });

const at = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3_600_000;

async function ids(table: typeof sessions | typeof otpCodes | typeof resetTokens | typeof mailOutbox, candidates: string[]) {
  const rows = await t.deps.db.select({ id: table.id }).from(table).where(inArray(table.id, candidates));
  return rows.map((r) => r.id).sort();
}

describe('retention', () => {
  it('deletes only the expired rows of each kind, as a recurring job', async () => {
    const user = await createUser(t);
    const session = (expiresAt: Date, revokedAt: Date | null = null) => ({ userId: user.id, createdAt: at(-30 * 24 * HOUR), expiresAt, revokedAt });
    const s = await t.deps.db
      .insert(sessions)
      .values([
        session(at(-24 * HOUR)), // expired yesterday
        session(now), // expires this very moment
        session(at(1)), // still on for a millisecond
        session(at(24 * HOUR), at(-HOUR)), // logged out, not expired yet
        session(at(7 * 24 * HOUR)),
      ])
      .returning({ id: sessions.id });
    const [expiredSession, endingSession, liveSession, revokedSession, rememberedSession] = s.map((r) => r.id);

    const code = (expiresAt: Date, usedAt: Date | null = null) => ({ userId: user.id, codeHash: `h${Math.random()}`, createdAt: at(-2 * 24 * HOUR), expiresAt, usedAt });
    const c = await t.deps.db
      .insert(otpCodes)
      .values([
        code(at(-ONE_TIME_CODE_GRACE_MS - 1)), // expired more than a day ago
        code(at(-ONE_TIME_CODE_GRACE_MS - 1), at(-ONE_TIME_CODE_GRACE_MS - 5 * 60_000)), // used, then expired, long ago
        code(at(-HOUR)), // expired an hour ago: still answers "expired"
        code(at(5 * 60_000), at(-60_000)), // used a minute ago
        code(at(5 * 60_000)), // live
      ])
      .returning({ id: otpCodes.id });
    const token = (expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user.id,
      tokenHash: `t${Math.random()}`,
      createdAt: at(-3 * 24 * HOUR),
      expiresAt,
      usedAt,
    });
    const r = await t.deps.db
      .insert(resetTokens)
      .values([token(at(-2 * 24 * HOUR)), token(at(-HOUR), at(-2 * HOUR)), token(at(10 * 60_000))])
      .returning({ id: resetTokens.id });

    const mail = (createdAt: Date, sentAt: Date | null, error: string | null = null) => ({
      to: user.email,
      subject: 'Your code',
      text: 'code',
      html: '<p>code</p>',
      createdAt,
      sentAt,
      error,
    });
    const m = await t.deps.db
      .insert(mailOutbox)
      .values([
        mail(at(-MAIL_KEEP_MS - 1), at(-MAIL_KEEP_MS)), // sent 30 days and a moment ago
        mail(at(-40 * 24 * HOUR), null, 'SMTP refused it'), // failed long ago
        mail(at(-MAIL_KEEP_MS + HOUR), at(-MAIL_KEEP_MS + HOUR)), // sent 29 days and 23 hours ago
        mail(at(-60 * 24 * HOUR), null), // never sent nor failed (the embedded mailbox): gone after 30 days too
        mail(at(-HOUR), null, 'SMTP refused it'), // failed an hour ago
      ])
      .returning({ id: mailOutbox.id });

    const worker = await startJobWorker(t.deps, retentionJobHandlers(t.deps, t.log), { concurrency: 1, pollMs: 25, log: t.log });
    try {
      await expect
        .poll(() => ids(sessions, s.map((x) => x.id)), { timeout: 5000, interval: 25 })
        .toEqual([liveSession, revokedSession, rememberedSession].sort());
      await expect.poll(() => ids(mailOutbox, m.map((x) => x.id)), { timeout: 5000, interval: 25 }).toEqual([m[2]!.id, m[4]!.id].sort());
    } finally {
      await worker.stop();
    }
    expect(expiredSession && endingSession).toBeTruthy();
    expect(await ids(otpCodes, c.map((x) => x.id))).toEqual([c[2]!.id, c[3]!.id, c[4]!.id].sort());
    expect(await ids(resetTokens, r.map((x) => x.id))).toEqual([r[1]!.id, r[2]!.id].sort());
    // The job stays scheduled for its next run.
    const queued = await t.deps.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.queue, RETENTION_QUEUE), eq(jobs.status, 'queued')));
    expect(queued).toEqual([{ runAt: at(RETENTION_INTERVAL_MS) }]);

    // A day later the code used a minute before the first run is gone too; the live one has expired by then as well.
    clock.set(at(ONE_TIME_CODE_GRACE_MS + 10 * 60_000));
    expect(await pruneExpiredRecords(t.deps)).toMatchObject({ oneTimeCodes: 3 + 1 });
    clock.set(now);
  });

  it('deletes a backlog larger than one batch, and finds nothing the second time', async () => {
    const user = await createUser(t);
    const rows = Array.from({ length: RETENTION_BATCH + 3 }, (_, i) => ({ userId: user.id, createdAt: at(-60 * 24 * HOUR), expiresAt: at(-i - 1) }));
    await t.deps.db.insert(sessions).values(rows);
    const live = await t.deps.db.insert(sessions).values({ userId: user.id, expiresAt: at(HOUR) }).returning({ id: sessions.id });
    expect(await pruneExpiredRecords(t.deps)).toEqual({ sessions: RETENTION_BATCH + 3, oneTimeCodes: 0, mail: 0 });
    expect(await pruneExpiredRecords(t.deps)).toEqual({ sessions: 0, oneTimeCodes: 0, mail: 0 });
    expect(await ids(sessions, [live[0]!.id])).toEqual([live[0]!.id]);
  });
});
