/** The library: what each kind of account may download, who may see it, its paging, search and filters, and refunds. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CheckDownloadResponse, LibraryItem, LibraryPage } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { purchases, type BeatRow, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-06-15T15:00:00Z'));
let buyer: UserRow;
let buyerToken: string;
let creditUser: UserRow;
let creditToken: string;
let vip: UserRow;
let vipToken: string;
let admin: UserRow;
let adminToken: string;
let lease: BeatRow;
let exclusive: BeatRow;
let unlocked: BeatRow;
let jazz: BeatRow;
let vipLease: BeatRow;
let catalog: BeatRow[];
let leaseCheckoutId: string;
let planCheckoutId: string;

async function buy(token: string, user: UserRow, kind: 'beatPurchase' | 'exclusive' | 'vipPlan', payload: object): Promise<string> {
  const { sessionId, checkout } = await openCheckoutOk(t, token, kind, body(user, payload));
  const res = await payAtTestCheckout(t, sessionId);
  if (res.statusCode !== 303) throw new Error(`payment failed: ${res.statusCode}`);
  clock.advance(60_000);
  return checkout.id;
}

const library = (userId: string, token: string, query = '') =>
  t.app.inject(authed(token, { method: 'GET', url: `/api/users/${userId}/library${query}` }));

async function page(userId: string, token: string, query = ''): Promise<LibraryPage> {
  const res = await library(userId, token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LibraryPage;
}

/** Every item, page by page. */
async function all(userId: string, token: string, query: string): Promise<LibraryItem[]> {
  const items: LibraryItem[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const answer = await page(userId, token, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('paging never ended');
}

const files = (item: LibraryItem) => item.files.map((f) => f.fileType);
const kinds = (item: LibraryItem) => item.holds.map((h) => h.kind);

const t = fileTestApp({ clock });
beforeAll(async () => {
  buyer = await createUser(t, { fullName: 'Lena Library' });
  creditUser = await createUser(t, { credits: 2 });
  vip = await createUser(t);
  admin = await createUser(t, { isAdmin: true });
  buyerToken = await loginAs(t, buyer);
  creditToken = await loginAs(t, creditUser);
  vipToken = await loginAs(t, vip);
  adminToken = await loginAs(t, admin);

  lease = await createBeat(t, { title: 'Lantern Lease', wavKey: 'audio/test/beat.wav', releaseDate: new Date('2026-03-01T00:00:00Z') });
  exclusive = await createBeat(t, {
    title: 'Crown Exclusive',
    beatType: 'Exclusive',
    priceCents: 40000,
    wavKey: 'audio/test/beat.wav',
    stemsKey: 'audio/test/stems.zip',
  });
  unlocked = await createBeat(t, { title: 'Credit Comet', wavKey: 'audio/test/beat.wav', releaseDate: new Date('2026-02-01T00:00:00Z') });
  jazz = await createBeat(t, { title: 'Blue Note Walk', category: 'Jazz', releaseDate: new Date('2026-01-20T00:00:00Z') });
  vipLease = await createBeat(t, { title: 'Velvet Owned', releaseDate: new Date('2026-01-10T00:00:00Z') });
  catalog = [lease, unlocked, jazz, vipLease];
  for (let i = 0; i < 5; i++) {
    catalog.push(
      await createBeat(t, { title: `Catalog Filler ${i}`, category: 'Rock', bpm: 150 - i * 10, releaseDate: new Date(`2025-12-0${i + 1}T00:00:00Z`) }),
    );
  }

  leaseCheckoutId = await buy(buyerToken, buyer, 'beatPurchase', { beatDetails: [lineOf(lease)] });
  await buy(buyerToken, buyer, 'exclusive', { beatId: exclusive.id, price: 400 });
  const unlock = await t.app.inject(
    authed(creditToken, { method: 'POST', url: '/api/reduce-credits', payload: { email: creditUser.email, beatId: unlocked.id } }),
  );
  expect(unlock.statusCode, unlock.body).toBe(200);
  // Bought a lease, then joined the VIP plan.
  await buy(vipToken, vip, 'beatPurchase', { beatDetails: [lineOf(vipLease)] });
  planCheckoutId = await buy(vipToken, vip, 'vipPlan', { price: 29 });
});

describe('a buyer’s library', () => {
  it('lists the purchases newest first, each with its licence and the files it includes', async () => {
    const answer = await page(buyer.id, buyerToken);
    expect(answer.vipCatalog).toBe(false);
    expect(answer.nextCursor).toBeNull();
    expect(answer.items.map((i) => [i.section, i.beat.title, kinds(i), files(i)])).toEqual([
      ['owned', 'Crown Exclusive', ['exclusive'], ['mp3', 'wav', 'stems']],
      ['owned', 'Lantern Lease', ['lease'], ['mp3']],
    ]);
    const [sold, leased] = answer.items;
    // The sold exclusive has left the store and stays downloadable; the lease is still listed.
    expect(sold!.beat).toMatchObject({ id: exclusive.id, inStore: false, artworkUrl: null, artistName: 'Test Artist' });
    expect(leased!.beat).toMatchObject({ id: lease.id, slug: lease.slug, inStore: true, artworkUrl: `/api/beats/${lease.id}/artwork.png` });
    const hold = leased!.holds[0]!;
    expect(hold).toMatchObject({ label: 'MP3 Lease', checkoutId: leaseCheckoutId, acquiredAt: '2026-06-15T15:00:00.000Z' });
    expect(leased!.files).toEqual([{ fileType: 'mp3', label: 'MP3' }]);

    // The licence link responds with the PDF, and each file one signed link from the downloads module.
    const licence = await t.app.inject(authed(buyerToken, { method: 'GET', url: hold.licenseUrl! }));
    expect(licence.statusCode).toBe(200);
    expect(licence.headers['content-type']).toBe('application/pdf');
    for (const file of sold!.files) {
      const link = await t.app.inject(
        authed(buyerToken, { method: 'POST', url: '/api/download', payload: { userId: buyer.id, beatId: sold!.beat.id, fileType: file.fileType } }),
      );
      expect(link.statusCode, file.fileType).toBe(200);
    }
  });

  it('shows only the owned part to a member without the VIP plan, whatever the filters', async () => {
    const filtered = await page(buyer.id, buyerToken, '?q=nothing-matches&genre=Jazz');
    expect(filtered.items.map((i) => i.beat.title)).toEqual(['Crown Exclusive', 'Lantern Lease']);
    expect((await page(buyer.id, buyerToken, '?section=vipCatalog')).items).toEqual([]);
  });

  it('lists a credit unlock, with the MP3 and WAV and no licence PDF', async () => {
    const answer = await page(creditUser.id, creditToken);
    expect(answer.items.map((i) => [i.beat.title, kinds(i), files(i)])).toEqual([['Credit Comet', ['credit'], ['mp3', 'wav']]]);
    expect(answer.items[0]!.holds[0]).toMatchObject({ label: 'Credit unlock', purchaseId: null, licenseUrl: null, checkoutId: null });
  });

  it('answers an empty library for an account that holds nothing', async () => {
    const newcomer = await createUser(t);
    expect(await page(newcomer.id, await loginAs(t, newcomer))).toEqual({ items: [], nextCursor: null, vipCatalog: false });
  });
});

describe('a VIP member’s library', () => {
  it('lists the owned beats first, then the rest of the VIP catalog, page by page without repeats', async () => {
    const items = await all(vip.id, vipToken, '?limit=2');
    expect(items[0]).toMatchObject({ section: 'owned', beat: { title: 'Velvet Owned' } });
    // Bought as a lease and downloadable in full through the plan: both holds are shown.
    expect(kinds(items[0]!)).toEqual(['lease', 'vipPlan']);
    expect(files(items[0]!)).toEqual(['mp3']);
    const rest = items.slice(1);
    expect(rest.every((i) => i.section === 'vipCatalog')).toBe(true);
    // Newest first; the exclusive (sold) is not in the catalog, the owned beat is not listed twice.
    const expected = catalog
      .filter((b) => b.id !== vipLease.id)
      .sort((a, b) => b.releaseDate.getTime() - a.releaseDate.getTime())
      .map((b) => b.title);
    expect(rest.map((i) => i.beat.title)).toEqual(expected);
    const lanternItem = rest.find((i) => i.beat.id === lease.id)!;
    expect(files(lanternItem)).toEqual(['mp3', 'wav']);
    // Downloaded under the plan's licence.
    expect(lanternItem.holds).toHaveLength(1);
    expect(lanternItem.holds[0]).toMatchObject({ kind: 'vipPlan', label: 'VIP Plan', checkoutId: planCheckoutId });
    const licence = await t.app.inject(authed(vipToken, { method: 'GET', url: lanternItem.holds[0]!.licenseUrl! }));
    expect(licence.statusCode).toBe(200);
  });

  it('shows a membership the store granted without a purchase, with no licence PDF', async () => {
    const granted = await createUser(t, { userType: 'vipUser' });
    const answer = await page(granted.id, await loginAs(t, granted), '?limit=1');
    expect(answer.vipCatalog).toBe(true);
    expect(answer.items[0]!.section).toBe('vipCatalog');
    expect(answer.items[0]!.holds).toEqual([{ kind: 'vipPlan', label: 'VIP Plan', acquiredAt: null, purchaseId: null, checkoutId: null, licenseUrl: null }]);
    expect(answer.nextCursor).not.toBeNull();
  });

  it('searches and filters the VIP catalog with the catalog’s own filters', async () => {
    const search = await page(vip.id, vipToken, '?section=vipCatalog&q=blue%20note');
    expect(search.items.map((i) => i.beat.title)).toEqual(['Blue Note Walk']);
    const byGenre = await all(vip.id, vipToken, '?section=vipCatalog&genre=rock&limit=2');
    expect(byGenre.map((i) => i.beat.title)).toEqual(['Catalog Filler 4', 'Catalog Filler 3', 'Catalog Filler 2', 'Catalog Filler 1', 'Catalog Filler 0']);
    // Owned beats come first whatever the filters.
    const whole = await page(vip.id, vipToken, '?genre=Jazz');
    expect(whole.items.map((i) => [i.section, i.beat.title])).toEqual([
      ['owned', 'Velvet Owned'],
      ['vipCatalog', 'Blue Note Walk'],
    ]);
    expect((await page(vip.id, vipToken, '?section=owned')).items.map((i) => i.beat.title)).toEqual(['Velvet Owned']);
    // The catalog's orders too: slowest first.
    const bySort = await all(vip.id, vipToken, '?section=vipCatalog&genre=Rock&sort=bpmAsc&limit=3');
    expect(bySort.map((i) => i.beat.bpm)).toEqual([110, 120, 130, 140, 150]);
  });

  it('refuses bad paging and filters with a readable 400', async () => {
    expectMessage(await library(vip.id, vipToken, '?limit=0'), 400, 'limit must be between 1 and 100');
    const cursor = await library(vip.id, vipToken, '?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toMatch(/cursor is not valid/);
    const genre = await library(vip.id, vipToken, '?genre=Polka');
    expect(genre.statusCode).toBe(400);
    expect(genre.json().message).toMatch(/genre "Polka" is not one of/);
    const bpm = await library(vip.id, vipToken, '?bpmMin=150&bpmMax=90');
    expect(bpm.statusCode).toBe(400);
  });
});

describe('who may see a library', () => {
  it('answers 401 without a token and 403 for another account’s library', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${buyer.id}/library` })).statusCode).toBe(401);
    expectMessage(await library(buyer.id, vipToken), 403, 'You can only access your own account.');
    expect((await library('not-an-id', buyerToken)).statusCode).toBe(400);
  });

  it('lets an admin see any account’s library, as that account holds it', async () => {
    const answer = await page(buyer.id, adminToken);
    expect(answer.items.map((i) => i.beat.title)).toEqual(['Crown Exclusive', 'Lantern Lease']);
  });
});

describe('refunds', () => {
  it('drops a refunded purchase from the library and from what may be downloaded', async () => {
    const check = () => t.app.inject(authed(buyerToken, { method: 'GET', url: `/api/checkCreditDownload/${buyer.id}/${lease.id}` }));
    expect(((await check()).json() as CheckDownloadResponse).rights.mp3).toBe(true);
    await t.deps.db.update(purchases).set({ refundedAt: clock.now() }).where(eq(purchases.checkoutId, leaseCheckoutId));
    expect((await page(buyer.id, buyerToken)).items.map((i) => i.beat.title)).toEqual(['Crown Exclusive']);
    expect((await check()).statusCode).toBe(404);
  });
});
