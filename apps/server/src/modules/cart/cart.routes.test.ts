import { describe, expect, it } from 'vitest';
import { commerceMessages, type CartResponse, type MergeCartResponse, type StemsCartResponse } from '@beat/shared';
import { authed, beforeAllFixture, createBeat, createUser, loginAs, fileTestApp, signedInWithOther, expectMessage } from '../../test/helper.js';
import { eq } from 'drizzle-orm';
import { beats, cartItems, stemsCartItems } from '../../db/schema.js';

const t = fileTestApp();
const f = beforeAllFixture(async () => {
  const users = await signedInWithOther(t);
  return {
    ...users,
    admin: await createUser(t, { isAdmin: true }),
    otherToken: await loginAs(t, users.other),
    lease: await createBeat(t, { title: 'Velvet Waves', priceCents: 1999 }),
    withStems: await createBeat(t, { title: 'Layer Cake', priceCents: 2499, stemsKey: 'audio/test/stems.zip' }),
    noPrice: await createBeat(t, { title: 'VIP Only', priceCents: null }),
    exclusive: await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 30000, stemsKey: 'audio/x.zip' }),
    exclusiveNoPrice: await createBeat(t, { title: 'Priceless', beatType: 'Exclusive', priceCents: null }),
    sold: await createBeat(t, { title: 'Gone Already', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date() }),
  };
});

const cart = (method: 'POST' | 'DELETE', payload: object, as = f.token, path = '/api/cart') =>
  t.app.inject(authed(as, { method, url: path, payload }));
const stems = (method: 'POST' | 'DELETE', payload: object, as = f.token) => cart(method, payload, as, '/api/stemscart');
const getCart = (userId = f.me.id, as = f.token) => t.app.inject(authed(as, { method: 'GET', url: `/api/cart/${userId}` }));
const getStems = (userId = f.me.id, as = f.token) => t.app.inject(authed(as, { method: 'GET', url: `/api/stemscart/${userId}` }));

describe('beat cart', () => {
  it('adds an item once with the product’s toast, lists it with its licence label and server price, and removes it', async () => {
    const added = await cart('POST', { userId: f.me.id, beatId: f.lease.id });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Velvet Waves Added to Cart', count: 1 });
    // Held once.
    expect((await cart('POST', { userId: f.me.id, beatId: f.lease.id })).json().count).toBe(1);
    await cart('POST', { userId: f.me.id, beatId: f.exclusive.id });

    const listed = (await getCart()).json() as CartResponse;
    // Each item names its beat's page (the cart links to it).
    expect(listed.cartItems.map((i) => [i.beatTitle, i.licence, i.price, i.slug])).toEqual([
      ['Velvet Waves', 'MP3', 19.99, 'velvet-waves'],
      ['Only One', 'EXCLUSIVE', 300, 'only-one'],
    ]);

    const removed = await cart('DELETE', { userId: f.me.id, beatId: f.lease.id });
    expect(removed.json()).toEqual({ message: commerceMessages.removedFromCart('Velvet Waves'), count: 1 });
    expect(((await getCart()).json() as CartResponse).cartItems.map((i) => i.beatTitle)).toEqual(['Only One']);
    await cart('DELETE', { userId: f.me.id, beatId: f.exclusive.id });
  });

  it('refuses what cannot be bought as a single beat: no lease price, an exclusive without price, a sold exclusive', async () => {
    expectMessage(await cart('POST', { userId: f.me.id, beatId: f.noPrice.id }), 400, 'VIP Only is not sold as a single MP3 lease: it comes with the VIP catalog.');
    expectMessage(await cart('POST', { userId: f.me.id, beatId: f.exclusiveNoPrice.id }), 400, 'No price for this beat');
    expectMessage(await cart('POST', { userId: f.me.id, beatId: f.sold.id }), 409, 'Gone Already has already been sold.');
    const missing = await cart('POST', { userId: f.me.id, beatId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(((await getCart()).json() as CartResponse).cartItems).toEqual([]);
  });

  it('keeps each user in their own cart: 403 for another id, nothing written; admins may act on any', async () => {
    await cart('POST', { userId: f.other.id, beatId: f.lease.id }, f.otherToken);
    const before = await t.deps.db.select().from(cartItems);
    expectMessage(await cart('POST', { userId: f.other.id, beatId: f.withStems.id }), 403, 'You can only access your own account.');
    expect((await cart('DELETE', { userId: f.other.id, beatId: f.lease.id })).statusCode).toBe(403);
    expect((await getCart(f.other.id)).statusCode).toBe(403);
    expect(await t.deps.db.select().from(cartItems)).toHaveLength(before.length);
    // My cart does not show theirs.
    expect(((await getCart()).json() as CartResponse).cartItems).toEqual([]);

    const adminToken = await loginAs(t, f.admin);
    const theirs = (await getCart(f.other.id, adminToken)).json() as CartResponse;
    expect(theirs.cartItems.map((i) => i.beatTitle)).toEqual(['Velvet Waves']);
  });

  it('answers 401 to visitors and 400 to bad ids', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { userId: f.me.id, beatId: f.lease.id } });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/cart/${f.me.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/stemscart/${f.me.id}` })).statusCode).toBe(401);
    for (const url of ['/api/cart', '/api/stemscart']) {
      for (const method of ['POST', 'DELETE'] as const) {
        expect((await t.app.inject({ method, url, payload: { userId: f.me.id, beatId: f.withStems.id } })).statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expectMessage(await cart('POST', { userId: f.me.id, beatId: 'nope' }), 400, 'beatId is not a valid id');
    expect((await cart('POST', { userId: f.me.id })).json().message).toBe('beatId is required');
    expect((await getCart('nope')).statusCode).toBe(400);
  });

  it('never shows a beat that stopped being for sale', async () => {
    const later = await createBeat(t, { title: 'Soon Unlisted', priceCents: 999 });
    await cart('POST', { userId: f.me.id, beatId: later.id });
    expect(((await getCart()).json() as CartResponse).cartItems.map((i) => i.beatTitle)).toEqual(['Soon Unlisted']);
    await t.deps.db.update(beats).set({ published: false, deletedAt: new Date() }).where(eq(beats.id, later.id));
    expect(((await getCart()).json() as CartResponse).cartItems).toEqual([]);
  });
});

describe('stems cart', () => {
  it('holds beats that have stems, at the configured price, once', async () => {
    expectMessage(await stems('POST', { userId: f.me.id, beatId: f.withStems.id }), 200, 'Layer Cake Added to Cart');
    await stems('POST', { userId: f.me.id, beatId: f.withStems.id });
    const listed = (await getStems()).json() as StemsCartResponse;
    expect(listed.cartItems.map((i) => [i.beatTitle, i.price])).toEqual([['Layer Cake', 25]]);
    expect((await stems('DELETE', { userId: f.me.id, beatId: f.withStems.id })).json().message).toBe('Layer Cake Removed from Cart');
    expect(((await getStems()).json() as StemsCartResponse).cartItems).toEqual([]);
  });

  it('refuses a beat without stems with the product’s words, and an exclusive', async () => {
    expectMessage(await stems('POST', { userId: f.me.id, beatId: f.lease.id }), 400, 'Stems are not available for this beat, sorry');
    expectMessage(await stems('POST', { userId: f.me.id, beatId: f.exclusive.id }), 400, 'The stems of Only One come with its exclusive license.');
    expect(await t.deps.db.select().from(stemsCartItems)).toHaveLength(0);
  });

  it('answers 403 for another user', async () => {
    expect((await stems('POST', { userId: f.other.id, beatId: f.withStems.id })).statusCode).toBe(403);
    expect((await getStems(f.other.id)).statusCode).toBe(403);
  });
});

describe('merging a visitor cart', () => {
  it('adds the browser cart to the account cart without duplicates, skipping what cannot be bought', async () => {
    const user = await createUser(t);
    const userToken = await loginAs(t, user);
    await cart('POST', { userId: user.id, beatId: f.lease.id }, userToken);
    const merged = await t.app.inject(
      authed(userToken, {
        method: 'POST',
        url: '/api/cart/merge',
        payload: { userId: user.id, beatIds: [f.lease.id, f.exclusive.id, f.exclusive.id, f.sold.id, f.noPrice.id], stemsBeatIds: [f.withStems.id, f.lease.id] },
      }),
    );
    expect(merged.statusCode).toBe(200);
    const body = merged.json() as MergeCartResponse;
    expect(body.cartItems.map((i) => i.beatTitle)).toEqual(['Velvet Waves', 'Only One']);
    expect(body.stemsCartItems.map((i) => [i.beatTitle, i.slug])).toEqual([['Layer Cake', 'layer-cake']]);
    expect(body.skipped.sort()).toEqual(['Gone Already', 'VIP Only', 'Velvet Waves']);
  });

  it('answers 403 for another user, 401 for visitors and 400 for bad lists', async () => {
    const forged = await t.app.inject(authed(f.token, { method: 'POST', url: '/api/cart/merge', payload: { userId: f.other.id, beatIds: [f.lease.id] } }));
    expect(forged.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/cart/merge', payload: { userId: f.me.id, beatIds: [] } });
    expect(visitor.statusCode).toBe(401);
    expectMessage(await t.app.inject(authed(f.token, { method: 'POST', url: '/api/cart/merge', payload: { userId: f.me.id, beatIds: ['x'] } })), 400, 'beatId is not a valid id');
  });
});
