/**
 * Keyset paging of the admin lists: walking the cursors shows every row that existed exactly once, in the list's
 * order, while rows are added between pages; the unsearched totals follow every write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { AdminBeatsPage, AdminUsersPage, AnalyticsBeatsPage, AnalyticsPurchasesPage, AuditPage } from '@beat/shared';
import { auditLog, beats, purchases, users, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, fileTestApp, purchaseRow, expectMessage } from '../../test/helper.js';
import { ledgerPageIds } from './analytics.service.js';
import { compactDailyTotals } from './daily-totals.js';

let adminToken: string;
let buyer: UserRow;

const asAdmin = (url: string) => t.app.inject(authed(adminToken, { method: 'GET', url }));

/** The same instant for several rows, so the id has to break the tie. */
const tie = new Date('2026-03-01T12:00:00.123456Z');
const at = (i: number) => (i % 3 === 0 ? tie : new Date(Date.UTC(2026, 0, 1 + i, 0, 0, 0, i)));

const t = fileTestApp();
beforeAll(async () => {
  const admin = await createUser(t, { isAdmin: true, createdAt: new Date('2020-01-01T00:00:00Z') });
  adminToken = await loginAs(t, admin);
  buyer = await createUser(t, { createdAt: new Date('2020-01-02T00:00:00Z') });
  for (let i = 0; i < 11; i++) await createUser(t, { createdAt: at(i) });
  for (let i = 0; i < 11; i++) {
    const beat = await createBeat(t, { createdAt: at(i), beatType: i % 4 === 0 ? 'Exclusive' : 'Non-Exclusive' });
    await t.deps.db.insert(purchases).values(purchaseRow(buyer, { beatId: beat.id, title: beat.title, priceCents: 1000 * (i % 3), purchasedAt: at(i) }));
  }
  for (let i = 0; i < 11; i++) {
    await t.deps.db.insert(auditLog).values({ actorEmail: 'admin@example.test', action: 'user.update', targetType: 'user', createdAt: at(i) });
  }
});

/**
 * Walks a list by its cursors, `pageSize` at a time, calling `between` after each page (to add rows meanwhile).
 * Returns the ids in the order shown and the number of pages.
 */
async function walk<B extends { nextCursor: string | null }>(
  url: (cursor: string | null, page: number) => string,
  rowsOf: (body: B) => { id: string }[],
  between: () => Promise<void>,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let page = 1;
  for (;;) {
    const res = await asAdmin(url(cursor, page));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as B;
    seen.push(...rowsOf(body).map((r) => r.id));
    cursor = body.nextCursor;
    if (!cursor) return { seen, pages: page };
    page += 1;
    expect(page).toBeLessThan(50);
    await between();
  }
}

describe('keyset cursors', () => {
  it('user management: every account once, newest first, while accounts are added between pages', async () => {
    const before = await t.deps.db.select({ id: users.id }).from(users).orderBy(sql`created_at desc, id desc`);
    let added = 0;
    const { seen, pages } = await walk(
      (cursor, page) => `/api/admin/users?pageSize=4&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
      (body: AdminUsersPage) => body.users.map((u) => ({ id: u._id })),
      async () => {
        // A new account (newest of all) and one dated into the pages already shown: neither shifts what comes next.
        await createUser(t);
        await createUser(t, { createdAt: new Date('2026-12-31T00:00:00Z') });
        added += 2;
      },
    );
    expect(pages).toBe(Math.ceil(before.length / 4));
    expect(seen).toEqual(before.map((r) => r.id));
    expect(added).toBeGreaterThan(0);
  });

  it('beats management: every beat of a section once, in the list order, while beats are added', async () => {
    const before = await t.deps.db
      .select({ id: beats.id })
      .from(beats)
      .where(sql`deleted_at is null and beat_type = 'Non-Exclusive'`)
      .orderBy(sql`created_at desc, release_date desc, id desc`);
    const { seen } = await walk(
      (cursor) => `/api/admin/beats?type=Non-Exclusive&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
      (body: AdminBeatsPage) => body.beats.map((b) => ({ id: b._id })),
      async () => {
        await createBeat(t);
      },
    );
    expect(seen).toEqual(before.map((r) => r.id));
  });

  it('the ledger: every purchase once, Serial No. counting on across pages', async () => {
    const before = await t.deps.db.select({ id: purchases.id }).from(purchases).orderBy(sql`purchased_at desc, id desc`);
    const serials: number[] = [];
    const { seen } = await walk(
      (cursor, page) => `/api/admin/analytics/purchases?pageSize=4&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
      (body: AnalyticsPurchasesPage) => {
        serials.push(...body.purchases.map((p) => p.serialNo));
        return body.purchases;
      },
      async () => {
        await t.deps.db.insert(purchases).values(purchaseRow(buyer, { sessionType: 'vipPlan', kind: 'vipPlan', title: 'VIP plan', priceCents: 2900 }));
      },
    );
    expect(seen).toEqual(before.map((r) => r.id));
    expect(serials).toEqual(before.map((_, i) => i + 1));
  });

  it('per-beat analytics: every beat once for each sort, ties broken by id, both directions', async () => {
    for (const [sort, order] of [
      ['revenue', 'desc'],
      ['revenue', 'asc'],
      ['title', 'asc'],
      ['title', 'desc'],
      ['plays', 'desc'],
    ] as const) {
      const all = await asAdmin(`/api/admin/analytics/beats?sort=${sort}&order=${order}&pageSize=100`);
      const expected = all.json().beats.map((b: { beatId: string }) => b.beatId);
      expect(expected.length).toBeGreaterThan(10);
      const { seen } = await walk(
        (cursor) => `/api/admin/analytics/beats?sort=${sort}&order=${order}&pageSize=4${cursor ? `&cursor=${cursor}` : ''}`,
        (body: AnalyticsBeatsPage) => body.beats.map((b) => ({ id: b.beatId })),
        async () => {},
      );
      expect(seen, `${sort} ${order}`).toEqual(expected);
    }
  });

  it('the audit log: every entry once while entries are added', async () => {
    const before = await t.deps.db.select({ id: auditLog.id }).from(auditLog).orderBy(sql`created_at desc, id desc`);
    const { seen } = await walk(
      (cursor) => `/api/admin/audit?pageSize=4${cursor ? `&cursor=${cursor}` : ''}`,
      (body: AuditPage) => body.entries.map((e) => ({ id: String(e.id) })),
      async () => {
        await t.deps.db.insert(auditLog).values({ actorEmail: 'admin@example.test', action: 'user.update', targetType: 'user' });
      },
    );
    expect(seen).toEqual(before.map((r) => String(r.id)));
  });

  it('a page number without a cursor still pages from the first row, and its cursor continues it', async () => {
    const second = (await asAdmin('/api/admin/users?pageSize=4&page=2')).json();
    const third = (await asAdmin('/api/admin/users?pageSize=4&page=3')).json();
    const next = (await asAdmin(`/api/admin/users?pageSize=4&page=3&cursor=${second.nextCursor}`)).json();
    expect(next.users).toEqual(third.users);
  });

  it('refuses a cursor that is not one, or one of another sort, with a 400', async () => {
    expectMessage(await asAdmin('/api/admin/users?cursor=not-a-cursor'), 400, 'cursor is not valid');
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    expect((await asAdmin(`/api/admin/analytics/purchases?cursor=${forged}`)).statusCode).toBe(400);
    const byTitle = (await asAdmin('/api/admin/analytics/beats?sort=title&order=asc&pageSize=2')).json().nextCursor;
    expectMessage(await asAdmin(`/api/admin/analytics/beats?sort=revenue&order=desc&pageSize=2&cursor=${byTitle}`), 400, 'cursor is not valid');
  });
});

describe('the ledger by page number', () => {
  it('shows the rows an offset into the ledger would, deep pages read from their day, before and after the day totals are folded', async () => {
    // Days with 0 to 5 purchases, some at the first and the last microsecond of their UTC day, two at one instant.
    const times = [
      '2026-05-01T00:00:00.000000Z',
      '2026-05-01T23:59:59.999999Z',
      '2026-05-02T12:00:00Z',
      '2026-05-04T00:00:00Z',
      '2026-05-04T00:00:00Z',
      '2026-05-04T08:30:00Z',
      '2026-05-04T23:59:59.999999Z',
      '2026-05-04T23:59:59Z',
      '2026-05-05T00:00:00.000001Z',
    ];
    const inserted = await t.deps.db
      .insert(purchases)
      .values(times.map((time, i) => ({ userId: buyer.id, buyerEmail: buyer.email, buyerName: buyer.fullName, sessionType: 'vipPlan' as const, kind: 'vipPlan' as const, title: `Day ${i}`, provider: 'test', priceCents: 100, purchasedAt: new Date(time) })))
      .returning({ id: purchases.id });
    const check = async () => {
      const ledger = (await t.deps.db.select({ id: purchases.id }).from(purchases).orderBy(sql`purchased_at desc, id desc`)).map((r) => r.id);
      // Deep pages start from their day (the list here is short enough that the route walks from the newest).
      for (const limit of [1, 3, 5]) {
        for (let offset = 0; offset <= ledger.length; offset++) {
          const ids = (await t.deps.db.execute<{ id: string }>(sql`select p.id from ${purchases} p where p.id in ${ledgerPageIds(offset, limit)} order by p.purchased_at desc, p.id desc`)).rows.map((r) => r.id);
          expect(ids, `${limit} from ${offset}`).toEqual(ledger.slice(offset, offset + limit));
        }
      }
      for (const pageSize of [1, 2, 3, 5]) {
        for (let page = 1; (page - 1) * pageSize <= ledger.length; page++) {
          const res = await asAdmin(`/api/admin/analytics/purchases?pageSize=${pageSize}&page=${page}`);
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as AnalyticsPurchasesPage;
          const offset = (page - 1) * pageSize;
          expect(body.purchases.map((p) => p.id), `page ${page} of ${pageSize}`).toEqual(ledger.slice(offset, offset + pageSize));
          expect(body.purchases.map((p) => p.serialNo)).toEqual(body.purchases.map((_, i) => offset + i + 1));
          expect(body.nextCursor === null).toBe(offset + pageSize >= ledger.length);
        }
      }
    };
    await check();
    // A purchase moved to another day, one deleted, then the day totals folded into one row per day.
    await t.deps.db.update(purchases).set({ purchasedAt: new Date('2026-05-03T10:00:00Z') }).where(eq(purchases.id, inserted[0]!.id));
    await t.deps.db.delete(purchases).where(eq(purchases.id, inserted[5]!.id));
    await check();
    await compactDailyTotals(t.deps);
    await check();
  });
});

describe('list totals', () => {
  it('equal a count of the table after every kind of write', async () => {
    const check = async () => {
      const [userCount] = await t.deps.db.select({ n: count() }).from(users);
      const [live] = await t.deps.db.select({ n: count() }).from(beats).where(isNull(beats.deletedAt));
      const [exclusives] = await t.deps.db.select({ n: count() }).from(beats).where(sql`deleted_at is null and beat_type = 'Exclusive'`);
      const [all] = await t.deps.db.select({ n: count() }).from(beats);
      const [ledger] = await t.deps.db.select({ n: count() }).from(purchases);
      expect((await asAdmin('/api/admin/users')).json().total).toBe(userCount!.n);
      expect((await asAdmin('/api/admin/beats')).json().total).toBe(live!.n);
      expect((await asAdmin('/api/admin/beats?type=Exclusive')).json().total).toBe(exclusives!.n);
      expect((await asAdmin('/api/admin/beats?type=Non-Exclusive')).json().total).toBe(live!.n - exclusives!.n);
      expect((await asAdmin('/api/admin/analytics/beats')).json().total).toBe(all!.n);
      expect((await asAdmin('/api/admin/analytics/purchases')).json().total).toBe(ledger!.n);
    };
    await check();
    // Through the admin calls: invite, delete an account, delete and unpublish beats.
    const invited = await t.app.inject(
      authed(adminToken, { method: 'POST', url: '/api/admin/users/invite', payload: { email: 'counted@example.test', fullName: 'Counted One', credits: 0 } }),
    );
    expect(invited.statusCode).toBe(201);
    await check();
    const removed = await t.app.inject(authed(adminToken, { method: 'DELETE', url: `/api/admin/users/${invited.json().user._id}` }));
    expect(removed.statusCode).toBe(200);
    await check();
    const [someBeat] = await t.deps.db.select().from(beats).where(eq(beats.beatType, 'Exclusive')).limit(1);
    expect((await t.app.inject(authed(adminToken, { method: 'DELETE', url: `/api/admin/beats/${someBeat!.id}` }))).statusCode).toBe(200);
    await check();
    // Straight writes: a refund stays in the ledger; a countdown's end makes an exclusive Non-Exclusive.
    await t.deps.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.userId, buyer.id));
    await t.deps.db.update(beats).set({ beatType: 'Non-Exclusive' }).where(eq(beats.beatType, 'Exclusive'));
    await check();
  });
});
