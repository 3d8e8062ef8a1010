/** The 401/403 matrix: every /api/admin/* call, for a visitor, a bad token, a signed-in non-admin and an admin. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { auditLog, beats, coupons, users, type BeatRow, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, routesOf, fileTestApp, expectMessageOnly } from '../../test/helper.js';
import { fixtureMp3, multipart, validBeatFields } from './admin-test-kit.js';

let adminToken: string;
let userToken: string;
let vipToken: string;
let beat: BeatRow;
let target: UserRow;
let couponId: string;

type Call = { name: string; request: () => Promise<InjectOptions>; ok: number };

/** URLs (and payloads that name an id) are functions: the ids exist only once beforeAll has run, the table is read before that. */
const json = (method: InjectOptions['method'], url: () => string, payload?: object | (() => object)) => async (): Promise<InjectOptions> => ({
  method,
  url: url(),
  ...(payload ? { payload: typeof payload === 'function' ? payload() : payload } : {}),
});
const withForm = (method: InjectOptions['method'], url: () => string) => async (): Promise<InjectOptions> => ({
  method,
  url: url(),
  ...(await multipart(validBeatFields(), [{ name: 'mp3File', filename: 'a.mp3', data: fixtureMp3() }])),
});

const tagForm = async (): Promise<InjectOptions> => ({
  method: 'PUT',
  url: '/api/admin/store-settings/tag',
  ...(await multipart({}, [{ name: 'tagFile', filename: 'tag.mp3', data: fixtureMp3() }])),
});

/** Every admin call. The admin pass runs them in this order, so the destructive ones come last. */
function calls(): Call[] {
  return [
    { name: 'GET /api/admin/beats', request: json('GET', () => '/api/admin/beats'), ok: 200 },
    { name: 'GET /api/admin/beats/:beatId', request: json('GET', () => `/api/admin/beats/${beat.id}`), ok: 200 },
    { name: 'POST /api/admin/beats', request: withForm('POST', () => '/api/admin/beats'), ok: 201 },
    { name: 'PUT /api/admin/beats/:beatId', request: withForm('PUT', () => `/api/admin/beats/${beat.id}`), ok: 200 },
    { name: 'POST /api/admin/beats/:beatId/unpublish', request: json('POST', () => `/api/admin/beats/${beat.id}/unpublish`), ok: 200 },
    { name: 'POST /api/admin/beats/:beatId/publish', request: json('POST', () => `/api/admin/beats/${beat.id}/publish`), ok: 200 },
    { name: 'POST /api/admin/beats/:beatId/render', request: json('POST', () => `/api/admin/beats/${beat.id}/render`), ok: 200 },
    { name: 'GET /api/admin/store-settings', request: json('GET', () => '/api/admin/store-settings'), ok: 200 },
    {
      name: 'PUT /api/admin/store-settings/placement',
      request: json('PUT', () => '/api/admin/store-settings/placement', { firstOffsetSeconds: 2, intervalSeconds: 20, levelDb: -1 }),
      ok: 200,
    },
    {
      name: 'PUT /api/admin/store-settings/sale-notices',
      request: json('PUT', () => '/api/admin/store-settings/sale-notices', { enabled: true }),
      ok: 200,
    },
    { name: 'GET /api/admin/licenses', request: json('GET', () => '/api/admin/licenses'), ok: 200 },
    // An admin gets past the guard to the form's own check (the terms need a title and a body).
    { name: 'PUT /api/admin/licenses/:offer', request: json('PUT', () => '/api/admin/licenses/lease', { title: '' }), ok: 400 },
    { name: 'GET /api/admin/payments/attention', request: json('GET', () => '/api/admin/payments/attention'), ok: 200 },
    // An admin gets past the guard to the lookup (no such checkout).
    { name: 'POST /api/admin/payments/:checkoutId/retry', request: json('POST', () => '/api/admin/payments/00000000-0000-4000-8000-000000000000/retry'), ok: 404 },
    { name: 'PUT /api/admin/store-settings/tag', request: tagForm, ok: 200 },
    { name: 'GET /api/admin/store-settings/tag', request: json('GET', () => '/api/admin/store-settings/tag'), ok: 200 },
    { name: 'DELETE /api/admin/store-settings/tag', request: json('DELETE', () => '/api/admin/store-settings/tag'), ok: 200 },
    { name: 'GET /api/admin/store-pages', request: json('GET', () => '/api/admin/store-pages'), ok: 200 },
    {
      name: 'PUT /api/admin/store-pages/:slug',
      request: json('PUT', () => '/api/admin/store-pages/faq', { body: '# FAQ\n\nAsk us anything.' }),
      ok: 200,
    },
    // An admin gets past the guard to the form's own check (a 400 without the video and poster).
    { name: 'PUT /api/admin/intro-video', request: json('PUT', () => '/api/admin/intro-video', { video: 'none' }), ok: 400 },
    { name: 'GET /api/admin/users', request: json('GET', () => '/api/admin/users'), ok: 200 },
    {
      name: 'POST /api/admin/users/invite',
      request: json('POST', () => '/api/admin/users/invite', { email: 'matrix-invite@example.test', fullName: 'Matrix Invite', credits: 2, assignFreeCredits: true }),
      ok: 201,
    },
    { name: 'PATCH /api/admin/users/:userId', request: json('PATCH', () => `/api/admin/users/${target.id}`, { credits: 9 }), ok: 200 },
    { name: 'POST /api/admin/users/:userId/promote', request: json('POST', () => `/api/admin/users/${target.id}/promote`), ok: 200 },
    { name: 'GET /api/admin/analytics/overview', request: json('GET', () => '/api/admin/analytics/overview'), ok: 200 },
    { name: 'GET /api/admin/analytics/purchases', request: json('GET', () => '/api/admin/analytics/purchases'), ok: 200 },
    { name: 'GET /api/admin/analytics/purchases.csv', request: json('GET', () => '/api/admin/analytics/purchases.csv'), ok: 200 },
    { name: 'GET /api/admin/analytics/beats', request: json('GET', () => '/api/admin/analytics/beats'), ok: 200 },
    { name: 'GET /api/admin/audit', request: json('GET', () => '/api/admin/audit'), ok: 200 },
    { name: 'GET /api/admin/leads', request: json('GET', () => '/api/admin/leads'), ok: 200 },
    { name: 'GET /api/admin/leads.csv', request: json('GET', () => '/api/admin/leads.csv'), ok: 200 },
    // Admin → Deals (docs/product/deals.md).
    { name: 'GET /api/admin/coupons', request: json('GET', () => '/api/admin/coupons'), ok: 200 },
    { name: 'POST /api/admin/coupons', request: json('POST', () => '/api/admin/coupons', { code: 'MATRIX10', kind: 'percent', percentOff: 10 }), ok: 201 },
    {
      name: 'PUT /api/admin/coupons/:couponId',
      request: json('PUT', () => `/api/admin/coupons/${couponId}`, { code: 'MATRIX5', kind: 'fixed', amountOff: 5, paused: true }),
      ok: 200,
    },
    { name: 'GET /api/admin/deals/bulk', request: json('GET', () => '/api/admin/deals/bulk'), ok: 200 },
    { name: 'PUT /api/admin/deals/bulk', request: json('PUT', () => '/api/admin/deals/bulk', { enabled: true, buy: 2, free: 1 }), ok: 200 },
    // Admin → Licenses, the tiers (docs/product/licenses.md#tiers), and one beat's tiers.
    { name: 'GET /api/admin/tiers', request: json('GET', () => '/api/admin/tiers'), ok: 200 },
    {
      name: 'POST /api/admin/tiers',
      request: json('POST', () => '/api/admin/tiers', { name: 'Matrix Gold', defaultPrice: 49.99, files: ['mp3', 'wav'] }),
      ok: 201,
    },
    { name: 'PUT /api/admin/tiers/:key', request: json('PUT', () => '/api/admin/tiers/wav', { defaultPrice: 39.99 }), ok: 200 },
    // An admin gets past the guard to the service's own check (the order must name every tier once).
    { name: 'PUT /api/admin/tiers-order', request: json('PUT', () => '/api/admin/tiers-order', { keys: ['lease'] }), ok: 400 },
    {
      name: 'POST /api/admin/tiers/:key/prices',
      request: json('POST', () => '/api/admin/tiers/wav/prices', () => ({ beatIds: [beat.id], price: 44 })),
      ok: 200,
    },
    { name: 'GET /api/admin/beats/:beatId/tiers', request: json('GET', () => `/api/admin/beats/${beat.id}/tiers`), ok: 200 },
    {
      name: 'PUT /api/admin/beats/:beatId/tiers/:key',
      request: json('PUT', () => `/api/admin/beats/${beat.id}/tiers/wav`, { price: null, enabled: true }),
      ok: 200,
    },
    // Admin → Offers (docs/product/exclusive-offers.md).
    { name: 'GET /api/admin/exclusive-offers', request: json('GET', () => '/api/admin/exclusive-offers'), ok: 200 },
    // An admin gets past the guard to the lookup (no such offer).
    {
      name: 'POST /api/admin/exclusive-offers/:offerId/answer',
      request: json('POST', () => '/api/admin/exclusive-offers/00000000-0000-4000-8000-000000000000/answer', { answer: 'decline' }),
      ok: 404,
    },
    // An admin gets past the guard to the service's own check (the matrix's beat is not an exclusive).
    {
      name: 'PUT /api/admin/exclusive-offers/beats/:beatId/minimum',
      request: json('PUT', () => `/api/admin/exclusive-offers/beats/${beat.id}/minimum`, { minimumOffer: 10 }),
      ok: 400,
    },
    { name: 'DELETE /api/admin/coupons/:couponId', request: json('DELETE', () => `/api/admin/coupons/${couponId}`), ok: 200 },
    { name: 'DELETE /api/admin/beats/:beatId', request: json('DELETE', () => `/api/admin/beats/${beat.id}`), ok: 200 },
    { name: 'DELETE /api/admin/users/:userId', request: json('DELETE', () => `/api/admin/users/${target.id}`), ok: 200 },
  ];
}

const t = fileTestApp();
beforeAll(async () => {
  await t.deps.storage.put('audio/test/preview.mp3', fixtureMp3());
  const admin = await createUser(t, { isAdmin: true });
  const user = await createUser(t);
  const vip = await createUser(t, { userType: 'vipUser', credits: 50 });
  adminToken = await loginAs(t, admin);
  userToken = await loginAs(t, user);
  vipToken = await loginAs(t, vip);
  beat = await createBeat(t, { title: 'Matrix Beat' });
  target = await createUser(t, { credits: 1 });
  [{ id: couponId }] = (await t.deps.db.insert(coupons).values({ code: 'MATRIX5', kind: 'fixed', amountOffCents: 500 }).returning({ id: coupons.id })) as [{ id: string }];
});

describe('every admin call', () => {
  it('is in the matrix (no admin route is left untested)', () => {
    const routes = routesOf(t.app).filter((r) => r.startsWith('/api/admin', r.indexOf(' ') + 1) && !r.startsWith('HEAD '));
    expect(routes.length).toBeGreaterThan(10);
    expect(new Set(routes)).toEqual(new Set(calls().map((c) => c.name)));
  });

  it.each(calls().map((c) => [c.name]))('%s answers 401 to a visitor', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    expectMessageOnly(await t.app.inject(await call.request()), 401, 'Please log in to continue.');
  });

  it.each(calls().map((c) => [c.name]))('%s answers 401 to a forged token', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    const res = await t.app.inject(authed('not-a-real-token', await call.request()));
    expect(res.statusCode).toBe(401);
  });

  it.each(calls().map((c) => [c.name]))('%s answers 403 to a signed-in user and a VIP who are not admins', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    for (const token of [userToken, vipToken]) {
      expectMessageOnly(await t.app.inject(authed(token, await call.request())), 403, 'Only admins can do that.');
    }
  });

  it('changed nothing for the refused callers', async () => {
    const [beatNow] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(beatNow).toMatchObject({ title: 'Matrix Beat', published: true, deletedAt: null });
    const [targetNow] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(targetNow).toMatchObject({ credits: 1, userType: 'freeUser' });
    const [beatCount] = await t.deps.db.select({ n: count() }).from(beats);
    expect(beatCount!.n).toBe(1);
    const [audits] = await t.deps.db.select({ n: count() }).from(auditLog);
    expect(audits!.n).toBe(0);
  });

  it('answers an admin, each call in turn', async () => {
    for (const call of calls()) {
      const res = await t.app.inject(authed(adminToken, await call.request()));
      expect({ call: call.name, status: res.statusCode }).toEqual({ call: call.name, status: call.ok });
    }
    // Every change above was recorded: create, update, unpublish, publish, tag placement, tag upload, tag
    // reset, store page, tier create, tier update, tier bulk price, beat tier, coupon create, update and delete,
    // bulk deal, invite, update, promote, delete ×2.
    const [audits] = await t.deps.db.select({ n: count() }).from(auditLog);
    expect(audits!.n).toBe(21);
  });
});
