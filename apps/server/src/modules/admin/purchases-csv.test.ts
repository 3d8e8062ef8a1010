/** The purchases CSV never looks complete when it is not: a failure part-way cuts the download off. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { purchases } from '../../db/schema.js';
import { authed, createUser, expectServerError, loginAs, fileTestApp } from '../../test/helper.js';
import { csvCell } from './analytics.service.js';

let admin: string;
const url = '/api/admin/analytics/purchases.csv';

const t = fileTestApp();
beforeAll(async () => {
  const user = await createUser(t, { isAdmin: true });
  admin = await loginAs(t, user);
  // More than one batch of the export (CSV_BATCH rows), and an oldest row that cannot be written: its date is
  // -infinity, which has no calendar day. It is last in the ledger, so the export fails after its first batches.
  const row = { userId: user.id, buyerEmail: user.email, buyerName: 'Bea Buyer', sessionType: 'beatPurchase', kind: 'lease', title: 'Hit', provider: 'test', priceCents: 1999 } as const;
  await t.deps.db.insert(purchases).values(Array.from({ length: 1000 }, (_, i) => ({ ...row, purchasedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })));
  await t.deps.db.insert(purchases).values({ ...row, purchasedAt: sql`'-infinity'::timestamptz` });
});

describe('GET /api/admin/analytics/purchases.csv when it fails part-way', () => {
  it('cuts the connection on a real socket: the client sees a broken download, not a short file', async () => {
    expectServerError('CSV export failed part-way', 'has no calendar date');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${url}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const read = await res.text().then(
      (body) => ({ body, error: null }),
      (error: unknown) => ({ body: null, error }),
    );
    expect(read.body).toBeNull();
    expect(String(read.error)).toMatch(/terminated/);
  });

  it('never answers a complete body through inject either', async () => {
    expectServerError('CSV export failed part-way', 'has no calendar date');
    await expect(t.app.inject(authed(admin, { method: 'GET', url }))).rejects.toThrow(/destroyed before completion/);
  });
});

describe('csvCell', () => {
  it('drops NUL and mends half a surrogate pair, should such text predate the input rule', () => {
    expect(csvCell('Bea\u0000 Buyer')).toBe('Bea Buyer');
    expect(csvCell('a\ud800b')).toBe('a\uFFFDb');
    expect(csvCell('Ночь 🌙 e\u0301')).toBe('Ночь 🌙 e\u0301');
    expect(csvCell('\u0000=SUM(A1)')).toBe("'=SUM(A1)");
  });
});
