/** Public license verification (docs/product/licenses.md#verification): ids, states, what is shown of the buyer, limits. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { licenseIdPattern, maskName, type LicenseVerification, type PurchasesResponse } from '@beat/shared';
import { authed, createBeat, createUser, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { frozenClock } from '../../test/frozen-clock.js';
import { mailOutbox, purchases, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const clock = frozenClock(new Date('2026-06-15T15:00:00Z'));
let buyer: UserRow;
let token: string;
let bought: PurchasesResponse['purchases'];

const verify = (id: string, ip = '198.51.100.7') =>
  t.app.inject({ method: 'GET', url: `/api/licenses/${encodeURIComponent(id)}/verify`, remoteAddress: ip });

const t = fileTestApp({ clock, env: { PUBLIC_URL: 'https://beats.example' } });
beforeAll(async () => {
  buyer = await createUser(t, { fullName: 'Zoë Quinn-Adams', email: 'zoe.verify@example.test' });
  token = await loginAs(t, buyer);
  const first = await createBeat(t, { title: 'Night Ledger', priceCents: 1999 });
  const second = await createBeat(t, { title: 'Paper Moons', priceCents: 2499 });
  const { sessionId } = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(first), lineOf(second)] }));
  expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
  const history = await t.app.inject(authed(token, { method: 'GET', url: `/api/getrecentpurchases/${buyer.id}` }));
  bought = (history.json() as PurchasesResponse).purchases;
});

describe('license ids', () => {
  it('are unguessable, distinct, grouped for reading, and in the purchase answers with their verification link', () => {
    expect(bought).toHaveLength(2);
    for (const p of bought) {
      expect(p.licenseId).toMatch(licenseIdPattern);
      expect(p.verifyUrl).toBe(`https://beats.example/licenses/verify/${p.licenseId}`);
    }
    expect(new Set(bought.map((p) => p.licenseId)).size).toBe(2);
  });

  it('are in the receipt e-mail with the page that checks them', async () => {
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    for (const p of bought) {
      expect(mail!.text).toContain(`License ${p.licenseId} (${p.beatTitle} (MP3 Lease)): anyone can check it at ${p.verifyUrl}`);
    }
  });
});

describe('GET /api/licenses/{licenseId}/verify', () => {
  it('answers anyone, without a login, with the beat, type, date, status and the buyer’s name in part — nothing more', async () => {
    const lease = bought.find((p) => p.beatTitle === 'Night Ledger')!;
    const res = await verify(lease.licenseId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as LicenseVerification;
    expect(answer).toEqual({
      licenseId: lease.licenseId,
      status: 'valid',
      licenseType: 'MP3 Lease',
      beatTitle: 'Night Ledger',
      beatSlug: expect.any(String),
      artistName: expect.any(String),
      purchaseDate: '2026-06-15T15:00:00.000Z',
      buyer: 'Z** Q**********',
      tier: { key: 'lease', name: 'MP3 Lease' },
    });
    expect(res.body).not.toContain('zoe.verify');
    expect(res.body).not.toContain(buyer.id);
    expect(res.body).not.toContain('Quinn');
  });

  it('takes an id as typed: lower case, spaces around it', async () => {
    const id = bought[1]!.licenseId;
    const res = await verify(`  ${id.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect((res.json() as LicenseVerification).licenseId).toBe(id);
  });

  it('says refunded for a refunded purchase', async () => {
    const id = bought[1]!.licenseId;
    await t.deps.db.update(purchases).set({ refundedAt: clock.now() }).where(eq(purchases.licenceId, id));
    const res = await verify(id);
    expect((res.json() as LicenseVerification).status).toBe('refunded');
  });

  it('answers 404 for an id no license has, and 400 with the expected form for text that is no id', async () => {
    expectMessage(await verify('0000-0000-0000-0000-0000-0000'), 404, 'No license has this id. Check it letter by letter, or ask the seller for the license PDF.');
    const malformed = await verify('not-a-license');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('A license id is six groups of four letters and digits, like 5F3A-9C2E-1B7D-4A60-9E3F-2C81.');
  });

  it('slows guessing: 30 checks a minute per address, then 429, other addresses unaffected', async () => {
    const ip = '203.0.113.99';
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await verify(`0000-0000-0000-0000-0000-${String(i).padStart(4, '0')}`, ip)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await verify(bought[0]!.licenseId, ip)).statusCode).toBe(429);
    expect((await verify(bought[0]!.licenseId, '203.0.113.100')).statusCode).toBe(200);
  });
});

describe('maskName', () => {
  it('keeps each word’s first letter, in any script', () => {
    expect(maskName('Zoë Quinn')).toBe('Z** Q****');
    expect(maskName('  Дмитрий   Ωmega ')).toBe('Д****** Ω****');
    expect(maskName('Ana')).toBe('A**');
  });
});
