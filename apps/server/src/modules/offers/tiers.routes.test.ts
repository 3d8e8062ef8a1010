/**
 * Licence tiers (docs/product/licenses.md#tiers): the admin's tiers (create, edit, switch off, reorder, each written to
 * the audit log), each beat's own prices and switches, and the tiers a beat offers to buyers — never one whose files
 * the beat lacks.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminBeatTiersResponse, AdminTierResponse, AdminTiersResponse, BeatTiersResponse, CartResponse } from '@beat/shared';
import { auditLog, beats, licenceTerms, type BeatRow } from '../../db/schema.js';
import { authed, createBeat, createUser, dbKind, fileTestApp, loginAs, signedInUser, expectMessage } from '../../test/helper.js';

const t = fileTestApp();

const admin = () => signedInUser(t, { isAdmin: true });

/** A beat with an MP3, a WAV and stems: it can offer every non-exclusive tier. */
const fullBeat = (overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { wavKey: 'audio/test/beat.wav', stemsKey: 'audio/test/stems.zip', priceCents: 2999, ...overrides });

const beatTiers = async (beatId: string, token?: string) => {
  const res = await t.app.inject(token ? authed(token, { method: 'GET', url: `/api/beats/${beatId}/tiers` }) : { method: 'GET', url: `/api/beats/${beatId}/tiers` });
  expect(res.statusCode).toBe(200);
  return (res.json() as BeatTiersResponse).tiers;
};

describe(`the store's licence tiers (${dbKind})`, () => {
  it('starts with the five default tiers, in order, the MP3 Lease and the Exclusive built in', async () => {
    const { token } = await admin();
    const res = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/tiers' }));
    expect(res.statusCode).toBe(200);
    const { tiers } = res.json() as AdminTiersResponse;
    expect(tiers.map((x) => [x.key, x.name, x.defaultPrice, x.files, x.exclusive, x.builtIn])).toEqual([
      ['lease', 'MP3 Lease', null, ['mp3'], false, true],
      ['wav', 'WAV Lease', 49.99, ['mp3', 'wav'], false, false],
      ['trackout', 'Trackout Lease', 99.99, ['mp3', 'wav', 'stems'], false, false],
      ['unlimited', 'Unlimited', 199.99, ['mp3', 'wav', 'stems'], false, false],
      ['exclusive', 'Exclusive', null, ['mp3', 'wav', 'stems'], true, true],
    ]);
    // Every default tier has terms of its own, with the numbers buyers look for.
    const terms = (await t.app.inject({ method: 'GET', url: '/api/licenses/terms/unlimited' })).json() as { terms: { audioStreams: number | null; publishingShare: number | null } };
    expect(terms.terms).toMatchObject({ audioStreams: null, publishingShare: 50 });
  });

  it('adds a tier with a key from its name and terms to start from, edits it, switches it off, and audits each change', async () => {
    const { user, token } = await admin();
    const created = await t.app.inject(
      authed(token, { method: 'POST', url: '/api/admin/tiers', payload: { name: 'Gold Lease', defaultPrice: 74.5, files: ['wav', 'mp3'] } }),
    );
    expect(created.statusCode).toBe(201);
    const { tier } = created.json() as AdminTierResponse;
    expect(tier).toEqual({ key: 'goldLease', name: 'Gold Lease', defaultPrice: 74.5, files: ['mp3', 'wav'], exclusive: false, active: true, position: 5, builtIn: false });
    const [terms] = await t.deps.db.select().from(licenceTerms).where(eq(licenceTerms.offer, 'goldLease'));
    expect(terms).toMatchObject({ version: 1, title: 'Gold Lease License', exclusive: false });

    expectMessage(await t.app.inject(authed(token, { method: 'POST', url: '/api/admin/tiers', payload: { name: 'gold lease', defaultPrice: 1, files: ['mp3'] } })), 400, 'There is already a tier named gold lease.');

    const edited = await t.app.inject(
      authed(token, { method: 'PUT', url: '/api/admin/tiers/goldLease', payload: { name: 'Gold', defaultPrice: null, files: ['mp3', 'wav', 'stems'], active: false } }),
    );
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as AdminTierResponse).tier).toMatchObject({ key: 'goldLease', name: 'Gold', defaultPrice: null, files: ['mp3', 'wav', 'stems'], active: false });

    const log = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'tier'), eq(auditLog.targetId, 'goldLease')));
    expect(log.map((r) => r.action).sort()).toEqual(['tier.create', 'tier.update']);
    const update = log.find((r) => r.action === 'tier.update')!;
    expect(update.actorId).toBe(user.id);
    expect(update.before).toMatchObject({ name: 'Gold Lease', defaultPrice: 74.5, active: true });
    expect(update.after).toMatchObject({ name: 'Gold', defaultPrice: null, active: false });
  });

  it('refuses to change the MP3 Lease and the Exclusive, bad input and unknown tiers, writing nothing', async () => {
    const { token } = await admin();
    const fixed = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers/lease', payload: { name: 'Cheap' } }));
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toContain("one of the store's own offers");
    const off = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers/exclusive', payload: { active: false } }));
    expect(off.statusCode).toBe(400);
    for (const payload of [{ name: '', defaultPrice: 1, files: ['mp3'] }, { name: 'X tier', defaultPrice: -1, files: ['mp3'] }, { name: 'Y tier', defaultPrice: 1, files: [] }, { name: 'Z tier', defaultPrice: 1.001, files: ['mp3'] }, { name: 'W tier', defaultPrice: 1, files: ['mp3', 'mp3'] }]) {
      const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/admin/tiers', payload }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const unknown = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers/nothingHere', payload: { name: 'x' } }));
    expect(unknown.statusCode).toBe(404);
    const names = ((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/tiers' }))).json() as AdminTiersResponse).tiers.map((x) => x.name);
    expect(names).not.toContain('Cheap');
    expect(names.filter((n) => n.endsWith(' tier'))).toEqual([]);
  });

  it('reorders the tiers when every tier is named once, and refuses any other list', async () => {
    const { token } = await admin();
    const before = ((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/tiers' }))).json() as AdminTiersResponse).tiers.map((x) => x.key);
    const missing = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers-order', payload: { keys: before.slice(1) } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('keys must list every tier once');
    const twice = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers-order', payload: { keys: [...before.slice(1), before[1]] } }));
    expect(twice.statusCode).toBe(400);

    const wanted = [...before].reverse();
    const res = await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers-order', payload: { keys: wanted } }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminTiersResponse).tiers.map((x) => x.key)).toEqual(wanted);
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'tier.order'));
    expect(entry).toMatchObject({ before, after: wanted });
    // Back as it was, for the other tests of this file.
    await t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/tiers-order', payload: { keys: before } }));
  });

  it('refuses every admin tier call to a visitor (401) and to a buyer (403)', async () => {
    const buyer = await createUser(t);
    const token = await loginAs(t, buyer);
    for (const [method, url] of [['GET', '/api/admin/tiers'], ['PUT', '/api/admin/tiers-order']] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await t.app.inject(authed(token, { method, url, payload: {} }))).statusCode).toBe(403);
    }
  });
});

describe(`the tiers of one beat (${dbKind})`, () => {
  it('offers every tier whose files the beat has, at the defaults, in order; says why the others are not offered', async () => {
    const { token } = await admin();
    const mp3Only = await createBeat(t, { priceCents: 2499 });
    const withWav = await createBeat(t, { priceCents: 2499, wavKey: 'audio/test/beat.wav' });
    expect((await beatTiers(mp3Only.id)).map((x) => [x.key, x.price])).toEqual([['lease', 24.99]]);
    const offered = await beatTiers(withWav.id);
    expect(offered.map((x) => [x.key, x.price, x.files])).toEqual([
      ['lease', 24.99, ['mp3']],
      ['wav', 49.99, ['mp3', 'wav']],
    ]);
    expect(offered[1]).toMatchObject({ name: 'WAV Lease', exclusive: false, termsUrl: '/licenses/terms/wav' });
    expect(offered[1]!.summary).toContain('The producer keeps 50% of the publishing');
    // A visitor is told nothing of holdings.
    expect(offered[0]).not.toHaveProperty('owned');

    const admin1 = ((await t.app.inject(authed(token, { method: 'GET', url: `/api/admin/beats/${withWav.id}/tiers` }))).json() as AdminBeatTiersResponse).tiers;
    expect(admin1.find((x) => x.key === 'trackout')).toEqual({
      key: 'trackout',
      name: 'Trackout Lease',
      defaultPrice: 99.99,
      price: null,
      enabled: true,
      offered: false,
      reason: 'This beat has no stems file.',
      effectivePrice: 99.99,
    });
    expect(admin1.find((x) => x.key === 'exclusive')!.reason).toBe('Only an Exclusive beat sells its exclusive license.');
  });

  it('an Exclusive beat offers only its exclusive, at its own price', async () => {
    const beat = await fullBeat({ beatType: 'Exclusive', priceCents: 45000 });
    expect((await beatTiers(beat.id)).map((x) => [x.key, x.price, x.exclusive])).toEqual([['exclusive', 450, true]]);
  });

  it("takes a beat's own price, switches a tier off for it, and sets the MP3 Lease's price on the beat itself", async () => {
    const { token } = await admin();
    const beat = await fullBeat();
    const put = (key: string, payload: object) => t.app.inject(authed(token, { method: 'PUT', url: `/api/admin/beats/${beat.id}/tiers/${key}`, payload }));

    const own = await put('trackout', { price: 120, enabled: true });
    expect(own.statusCode).toBe(200);
    expect((own.json() as AdminBeatTiersResponse).tiers.find((x) => x.key === 'trackout')).toMatchObject({ price: 120, effectivePrice: 120, offered: true });
    const off = await put('unlimited', { price: null, enabled: false });
    expect((off.json() as AdminBeatTiersResponse).tiers.find((x) => x.key === 'unlimited')).toMatchObject({ enabled: false, offered: false, reason: 'The Unlimited is switched off for this beat.' });
    expect((await put('lease', { price: 35, enabled: true })).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row!.priceCents).toBe(3500);

    expect((await beatTiers(beat.id)).map((x) => [x.key, x.price])).toEqual([
      ['lease', 35],
      ['wav', 49.99],
      ['trackout', 120],
    ]);

    const notOwn = await put('exclusive', { price: 500, enabled: true });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().message).toContain('Non-Exclusive beat');
    const leaseOff = await put('lease', { price: 35, enabled: false });
    expect(leaseOff.statusCode).toBe(400);
    const log = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'beat.tier'), eq(auditLog.targetId, beat.id)));
    expect(log).toHaveLength(3);
  });

  it('bulk-applies one price to chosen beats, or back to the default, all or nothing', async () => {
    const { token } = await admin();
    const [a, b] = [await fullBeat(), await fullBeat()];
    const bulk = (payload: object) => t.app.inject(authed(token, { method: 'POST', url: '/api/admin/tiers/wav/prices', payload }));
    const res = await bulk({ beatIds: [a.id, b.id], price: 39 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await beatTiers(a.id)).find((x) => x.key === 'wav')!.price).toBe(39);
    expect((await beatTiers(b.id)).find((x) => x.key === 'wav')!.price).toBe(39);

    const unknown = await bulk({ beatIds: [a.id, '00000000-0000-4000-8000-000000000000'], price: 10 });
    expect(unknown.statusCode).toBe(404);
    expect((await beatTiers(a.id)).find((x) => x.key === 'wav')!.price).toBe(39);

    expect((await bulk({ beatIds: [a.id], price: null })).statusCode).toBe(200);
    expect((await beatTiers(a.id)).find((x) => x.key === 'wav')!.price).toBe(49.99);
    expect((await bulk({ beatIds: [], price: 1 })).statusCode).toBe(400);
  });

  it('a tier the store switches off, or whose file the beat lacks, is never added to a cart or sold', async () => {
    const { token: adminToken } = await admin();
    const buyer = await createUser(t);
    const token = await loginAs(t, buyer);
    const noStems = await createBeat(t, { wavKey: 'audio/test/beat.wav' });
    const add = (beatId: string, tier: string) => t.app.inject(authed(token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.id, beatId, tier } }));

    const trackout = await add(noStems.id, 'trackout');
    expectMessage(trackout, 400, `${noStems.title} is not sold as Trackout Lease: This beat has no stems file.`);
    const pay = await t.app.inject(
      authed(token, { method: 'POST', url: '/create-checkout-session', payload: { userId: buyer.id, email: buyer.email, beatDetails: [{ beatId: noStems.id, tier: 'trackout' }] } }),
    );
    expect(pay.statusCode).toBe(400);

    // Carted as a WAV Lease; then the store switches the WAV Lease off: the line says so and cannot be paid.
    expect((await add(noStems.id, 'wav')).statusCode).toBe(200);
    await t.app.inject(authed(adminToken, { method: 'PUT', url: '/api/admin/tiers/wav', payload: { active: false } }));
    const cart = (await t.app.inject(authed(token, { method: 'GET', url: `/api/cart/${buyer.id}` }))).json() as CartResponse;
    const line = cart.cartItems.find((i) => i._id === noStems.id)!;
    expect(line).toMatchObject({ tier: { key: 'wav', name: 'WAV Lease' }, price: null });
    expect(line.unavailable).toContain('is no longer sold as WAV Lease');
    const refused = await t.app.inject(
      authed(token, { method: 'POST', url: '/create-checkout-session', payload: { userId: buyer.id, email: buyer.email, beatDetails: [{ beatId: noStems.id }] } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('The WAV Lease is switched off for the store.');
    await t.app.inject(authed(adminToken, { method: 'PUT', url: '/api/admin/tiers/wav', payload: { active: true } }));
  });

  it('answers 404 for an unknown beat, and no tiers for a beat that is not for sale', async () => {
    expectMessage(await t.app.inject({ method: 'GET', url: '/api/beats/00000000-0000-4000-8000-000000000000/tiers' }), 404, 'This beat does not exist.');
    const sold = await fullBeat({ beatType: 'Exclusive', priceCents: 30000, soldAt: new Date() });
    expect(await beatTiers(sold.id)).toEqual([]);
  });
});
