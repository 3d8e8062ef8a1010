/**
 * A call that names an account acts on one that exists (docs/product/accounts.md#ownership): an admin
 * naming an id no account has is told so with a 404, and nothing is written for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { cartCoupons, cartItems, favorites, plays, sessionLogs, stemsCartItems } from '../../db/schema.js';
import { adminAndMemberTokens, authed, createBeat, fileTestApp, expectMessageOnly } from '../../test/helper.js';

let beatId: string;
const nobody = '5f0c7a52-9b1e-4c1d-8f43-000000000000';

const t = fileTestApp();
const tokens = adminAndMemberTokens(t);
beforeAll(async () => {
  beatId = (await createBeat(t, { wavKey: 'audio/test/beat.wav', stemsKey: 'audio/test/stems.zip' })).id;
});

const calls: [string, string, () => Record<string, unknown>][] = [
  ['favourites', '/api/favorites', () => ({ userId: nobody, beatId })],
  ['the beat cart', '/api/cart', () => ({ userId: nobody, beatId })],
  ['the stems cart', '/api/stemscart', () => ({ userId: nobody, beatId })],
  ['a cart merge', '/api/cart/merge', () => ({ userId: nobody, beatIds: [beatId], stemsBeatIds: [beatId], coupon: 'SPRING20' })],
  ['a coupon kept with the cart', '/api/cart/coupon', () => ({ userId: nobody, cart: 'beats', code: 'SPRING20' })],
  ['a play', '/api/play', () => ({ userId: nobody, beatId, playbackTime: 30 })],
  ['session time', '/api/update-session-time', () => ({ userId: nobody, sessionDuration: 60 })],
];

async function rowsWritten(): Promise<number> {
  let total = 0;
  for (const table of [favorites, cartItems, stemsCartItems, cartCoupons, plays, sessionLogs]) {
    const [row] = await t.deps.db.select({ n: count() }).from(table);
    total += row?.n ?? 0;
  }
  return total;
}

describe('a call naming an account that does not exist', () => {
  for (const [what, url, payload] of calls) {
    it(`answers 404 to an admin for ${what}, writing nothing`, async () => {
      expectMessageOnly(await t.app.inject(authed(tokens.admin, { method: 'POST', url, payload: payload() })), 404, 'No account has this id.');
      expect(await rowsWritten()).toBe(0);
    });

    it(`still answers 403 to anyone else for ${what}`, async () => {
      expectMessageOnly(await t.app.inject(authed(tokens.member, { method: 'POST', url, payload: payload() })), 403, 'You can only access your own account.');
    });
  }
});
