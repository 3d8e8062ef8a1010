/** Analytics numbers must equal what happened: purchases, sign-ups, plays, downloads, credits, favourites, sessions. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBeatsPage, AnalyticsOverview, AnalyticsPurchasesPage } from '@beat/shared';
import { creditSpends, downloads, purchases, type BeatRow, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, purchaseRow, expectMessageOnly } from '../../test/helper.js';
import { csvCell } from './analytics.service.js';

const clock = fixedClock(new Date('2026-06-10T15:00:00Z'));
let adminToken: string;
let buyer: UserRow;
let hit: BeatRow;
let quiet: BeatRow;

const at = (iso: string) => new Date(iso);
const get = (url: string) => t.app.inject(authed(adminToken, { method: 'GET', url }));

async function buy(values: Partial<typeof purchases.$inferInsert> & { priceCents: number; purchasedAt: Date }) {
  await t.deps.db.insert(purchases).values(purchaseRow(buyer, { title: 'Something', ...values }));
}

const t = fileTestApp({ clock });
beforeAll(async () => {
  const admin = await createUser(t, { isAdmin: true, createdAt: at('2025-01-01T00:00:00Z') });
  adminToken = await loginAs(t, admin);
  buyer = await createUser(t, { fullName: 'Bea Buyer', email: 'bea@example.test', createdAt: at('2026-06-08T09:00:00Z') });
  await createUser(t, { createdAt: at('2026-06-08T22:00:00Z') });
  await createUser(t, { createdAt: at('2026-06-10T01:00:00Z') });
  await createUser(t, { createdAt: at('2026-05-01T00:00:00Z') }); // before the range

  hit = await createBeat(t, { title: 'Hit Record', priceCents: 1999 });
  quiet = await createBeat(t, { title: 'Quiet Track', priceCents: 2500 });

  // The books: leases (one of them a WAV Lease), stems, an exclusive, a VIP plan, a refund and one sale before the range.
  await buy({ beatId: hit.id, title: 'Hit Record', tier: 'wav', priceCents: 1999, purchasedAt: at('2026-06-08T10:00:00Z') });
  await buy({ beatId: hit.id, title: 'Hit Record', sessionType: 'stems', kind: 'stems', priceCents: 2500, purchasedAt: at('2026-06-08T11:00:00Z') });
  await buy({ beatId: quiet.id, title: 'Quiet Track', sessionType: 'exclusive', kind: 'exclusive', tier: 'exclusive', priceCents: 49900, purchasedAt: at('2026-06-09T12:00:00Z') });
  await buy({ title: 'VIP plan', sessionType: 'vipPlan', kind: 'vipPlan', priceCents: 2900, purchasedAt: at('2026-06-10T08:00:00Z') });
  await buy({ beatId: hit.id, title: 'Hit Record', tier: 'lease', priceCents: 1999, purchasedAt: at('2026-06-10T09:00:00Z'), refundedAt: at('2026-06-10T09:30:00Z') });
  await buy({ beatId: hit.id, title: 'Hit Record', tier: 'lease', priceCents: 1999, purchasedAt: at('2026-05-20T09:00:00Z') });

  // Plays and favourites through the API (on the fixed clock); downloads and credits straight into their tables.
  const buyerToken = await loginAs(t, buyer);
  // Two listeners (a play counts once per listener and beat every 10 minutes); the 5-second one does not count.
  for (const [seconds, address] of [[12, '10.0.0.1'], [30, '10.0.0.2'], [5, '10.0.0.3']] as const) {
    await t.app.inject({ method: 'POST', url: '/api/play', payload: { beatId: hit.id, playbackTime: seconds }, remoteAddress: address });
  }
  await t.app.inject({ method: 'POST', url: '/api/play', payload: { beatId: quiet.id, playbackTime: 60 } });
  await t.app.inject(authed(buyerToken, { method: 'POST', url: '/api/favorites', payload: { userId: buyer.id, beatId: hit.id } }));
  await t.deps.db.insert(downloads).values([
    { userId: buyer.id, beatId: hit.id, fileType: 'mp3', createdAt: at('2026-06-09T10:00:00Z') },
    { userId: buyer.id, beatId: hit.id, fileType: 'stems', createdAt: at('2026-06-10T10:00:00Z') },
  ]);
  await t.deps.db.insert(creditSpends).values([
    { userId: buyer.id, beatId: hit.id, credits: 1, createdAt: at('2026-06-09T10:00:00Z') },
    { userId: buyer.id, beatId: quiet.id, credits: 1, createdAt: at('2026-06-09T11:00:00Z') },
  ]);
  for (const sessionDuration of [600, 300]) {
    await t.app.inject(authed(buyerToken, { method: 'POST', url: '/api/update-session-time', payload: { userId: buyer.id, sessionDuration } }));
  }
});

describe('GET /api/admin/analytics/overview', () => {
  it('adds up exactly what happened, day by day (UTC), refunds and older days left out', async () => {
    const res = await get('/api/admin/analytics/overview?days=7');
    expect(res.statusCode).toBe(200);
    const overview = res.json() as AnalyticsOverview;
    expect(overview.from).toBe('2026-06-04');
    expect(overview.to).toBe('2026-06-10');
    expect(overview.days.map((d) => d.date)).toEqual([
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
      '2026-06-08',
      '2026-06-09',
      '2026-06-10',
    ]);
    expect(overview.totals).toEqual({
      revenue: 572.99,
      sales: 4,
      beatPurchase: 1,
      stems: 1,
      exclusive: 1,
      vipPlan: 1,
      beatsSold: 3,
      newUsers: 3,
      plays: 3,
      downloads: 2,
      creditsSpent: 2,
      favourites: 1,
      avgSessionSeconds: 450,
    });
    const day = (date: string) => overview.days.find((d) => d.date === date)!;
    expect(day('2026-06-08')).toMatchObject({ revenue: 44.99, beatPurchase: 1, stems: 1, beatsSold: 2, newUsers: 2, plays: 0 });
    expect(day('2026-06-09')).toMatchObject({ revenue: 499, exclusive: 1, downloads: 1, creditsSpent: 2 });
    expect(day('2026-06-10')).toMatchObject({
      revenue: 29,
      vipPlan: 1,
      beatPurchase: 0,
      newUsers: 1,
      plays: 3,
      downloads: 1,
      favourites: 1,
      avgSessionSeconds: 450,
    });
    expect(day('2026-06-04')).toMatchObject({ revenue: 0, plays: 0, newUsers: 0, avgSessionSeconds: 0 });
  });

  it('defaults to 30 days and refuses other ranges with 400', async () => {
    const res = (await get('/api/admin/analytics/overview')).json() as AnalyticsOverview;
    expect(res.days).toHaveLength(30);
    // 30 days reach back to May 12: the May 20 sale now counts.
    expect(res.totals.revenue).toBe(592.98);
    expectMessageOnly(await get('/api/admin/analytics/overview?days=3'), 400, 'days must be between 7 and 365');
  });
});

describe('GET /api/admin/analytics/purchases', () => {
  it('lists one row per purchase, newest first, with Serial No. counting across pages', async () => {
    const first = (await get('/api/admin/analytics/purchases?pageSize=4')).json() as AnalyticsPurchasesPage;
    expect(first.total).toBe(6);
    expect(first.purchases.map((p) => [p.serialNo, p.item, p.amount, p.refunded])).toEqual([
      [1, 'Hit Record', 19.99, true],
      [2, 'VIP plan', 29, false],
      [3, 'Quiet Track', 499, false],
      [4, 'Hit Record', 25, false],
    ]);
    expect(first.purchases[1]).toMatchObject({
      name: 'Bea Buyer',
      email: 'bea@example.test',
      kind: 'vipPlan',
      paidIn: 'USD',
      date: '2026-06-10T08:00:00.000Z',
    });
    const second = (await get('/api/admin/analytics/purchases?pageSize=4&page=2')).json() as AnalyticsPurchasesPage;
    expect(second.purchases.map((p) => p.serialNo)).toEqual([5, 6]);
    const searched = (await get('/api/admin/analytics/purchases?q=quiet')).json() as AnalyticsPurchasesPage;
    expect(searched.purchases.map((p) => p.item)).toEqual(['Quiet Track']);
  });

  it('exports the same rows as CSV with the table’s columns, MM/DD/YYYY dates and the licence tier last', async () => {
    const res = await get('/api/admin/analytics/purchases.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="beat-market-purchases-2026-06-10.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'Serial No.,Name,Email,Item,Amount,Paid in,Date,License tier',
      '1,Bea Buyer,bea@example.test,Hit Record (refunded),19.99,USD,06/10/2026,MP3 Lease',
      '2,Bea Buyer,bea@example.test,VIP plan,29.00,USD,06/10/2026,',
      '3,Bea Buyer,bea@example.test,Quiet Track,499.00,USD,06/09/2026,Exclusive',
      '4,Bea Buyer,bea@example.test,Hit Record,25.00,USD,06/08/2026,',
      '5,Bea Buyer,bea@example.test,Hit Record,19.99,USD,06/08/2026,WAV Lease',
      '6,Bea Buyer,bea@example.test,Hit Record,19.99,USD,05/20/2026,MP3 Lease',
      '',
    ]);
  });

  it('quotes CSV cells safely, formulas included', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(12)).toBe('12');
  });
});

describe('GET /api/admin/analytics/beats', () => {
  it('gives plays, favourites, sales and revenue per beat, sortable both ways', async () => {
    const byRevenue = (await get('/api/admin/analytics/beats')).json() as AnalyticsBeatsPage;
    expect(byRevenue.beats.map((b) => [b.beatTitle, b.plays, b.favourites, b.sales, b.revenue])).toEqual([
      ['Quiet Track', 1, 0, 1, 499],
      ['Hit Record', 2, 1, 3, 64.98],
    ]);
    const byPlays = (await get('/api/admin/analytics/beats?sort=plays&order=desc')).json() as AnalyticsBeatsPage;
    expect(byPlays.beats.map((b) => b.beatTitle)).toEqual(['Hit Record', 'Quiet Track']);
    const byTitle = (await get('/api/admin/analytics/beats?sort=title&order=asc')).json() as AnalyticsBeatsPage;
    expect(byTitle.beats.map((b) => b.beatTitle)).toEqual(['Hit Record', 'Quiet Track']);
    const byFavourites = (await get('/api/admin/analytics/beats?sort=favourites&order=asc')).json() as AnalyticsBeatsPage;
    expect(byFavourites.beats.map((b) => b.beatTitle)).toEqual(['Quiet Track', 'Hit Record']);
    const paged = (await get('/api/admin/analytics/beats?pageSize=1&page=2&sort=sales')).json() as AnalyticsBeatsPage;
    expect(paged).toMatchObject({ total: 2, page: 2 });
    expect(paged.beats.map((b) => b.beatTitle)).toEqual(['Quiet Track']);
  });

  it.each([
    ['sort=price', 'sort must be one of title, plays, favourites, sales, revenue'],
    ['order=up', 'order must be asc or desc'],
  ])('refuses %s with 400', async (query, message) => {
    expectMessageOnly(await get(`/api/admin/analytics/beats?${query}`), 400, message);
  });
});
