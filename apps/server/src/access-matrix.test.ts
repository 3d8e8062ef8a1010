/**
 * Who may call what (docs/security.md#who-may-call-what): every route has an access class in web/route-access.ts,
 * every class refuses the wrong caller before anything changes, and the right caller gets through.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { accountMessages } from '@beat/shared';
import { beats, cartItems, exclusiveOffers, favorites, freeDownloadLeads, purchases, stemsCartItems, users, type BeatRow, type UserRow } from './db/schema.js';
import { authed, createBeat, createTestApp, createUser, loginAs, routesOf, type TestApp } from './test/helper.js';
import { body, deliver, lineOf, openCheckoutOk, payAtTestCheckout, payWithoutWebhook } from './modules/checkout/checkout.test-support.js';
import { leadLinks } from './modules/free-downloads/free-downloads.service.js';
import { accessClasses, accessOf, refuseUnclassifiedRoutes, routeAccess, routeKey, type AccessClass } from './web/route-access.js';

let t: TestApp;
let dist: string;
/** The account every call names, and a second, ordinary account that tries to act on it. */
let owner: UserRow;
let other: UserRow;
let ownerToken: string;
let otherToken: string;
/** An account that must change its (temporary) password before anything else. */
let pendingToken: string;
/** Bought by the owner (lease), so it has a purchase, an entitlement, a paid checkout and a download link. */
let bought: BeatRow;
let inCart: BeatRow;
let inStemsCart: BeatRow;
let spare: BeatRow;
let spareStems: BeatRow;
let favourite: BeatRow;
let exclusive: BeatRow;
let forCredit: BeatRow;
/** Offers on exclusives (docs/product/exclusive-offers.md): a beat to offer on, and the owner's offers in each state a call needs. */
let offerable: BeatRow;
let offers: { open: string; countered: string; accepted: string };
let paidSessionId: string;
let purchaseId: string;
let downloadUrl: string;
/** A free beat and the e-mailed links of a request for it (docs/product/free-downloads.md). */
let free: BeatRow;
let freeLinks: { download: string; unsubscribe: string };
const imageKey = `images/${randomUUID()}.png`;
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  randomBytes(32),
]);
const badToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bm90LWEtc2lnbmF0dXJl';
/** What the metrics scraper holds (docs/metrics.md). */
const metricsToken = randomBytes(24).toString('hex');

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

interface Call {
  /** The row of route-access.ts this request exercises. */
  route: string;
  request: () => Request;
  /** What the right caller gets: the owner for user routes, anyone for public ones. */
  ok: number;
  /** False for a call that names no user and no user's resource (logout): it has no "other account" to refuse. */
  namesOwner?: boolean;
}

const call = (route: string, request: () => Request, ok: number, extra: Partial<Call> = {}): Call => ({ route, request, ok, ...extra });
const get = (url: () => string) => () => ({ method: 'GET' as const, url: url() });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: () => object) => () => ({ method, url: withOfferId(url), payload: payload() });
/** An offer call's path names the owner's offer in the state the call needs. */
function withOfferId(url: string): string {
  const action = url.split('/').pop();
  const id = action === 'withdraw' ? offers?.open : action === 'answer' ? offers?.countered : offers?.accepted;
  return url.replace(':offerId', id ?? ':offerId');
}

/**
 * One real request per route outside the admin area (the admin calls are made from the table itself: one guard
 * responds before any handler). The owner pass runs them in this order, so the ones that end sessions come last.
 */
function calls(): Call[] {
  return [
    // public
    call('GET /api/health', get(() => '/api/health'), 200),
    call('GET /api/ready', get(() => '/api/ready'), 200),
    call('GET /api/config', get(() => '/api/config'), 200),
    call('GET /api/store-pages/:slug', get(() => '/api/store-pages/faq'), 200),
    call('GET /api/intro-video', get(() => '/api/intro-video'), 200),
    // No intro video in a fresh store: the file is not there, for anyone.
    call('GET /api/intro-video/:file', get(() => '/api/intro-video/video'), 404),
    call('GET /api/catalog/version', get(() => '/api/catalog/version'), 200),
    // Anyone may check a license; this id belongs to none.
    call('GET /api/licenses/:licenseId/verify', get(() => '/api/licenses/0000-0000-0000-0000-0000-0000/verify'), 404),
    call('GET /api/licenses/terms', get(() => '/api/licenses/terms'), 200),
    call('GET /api/licenses/terms/:offer', get(() => '/api/licenses/terms/lease'), 200),
    call('GET /api/beats/:beatId/tiers', get(() => `/api/beats/${spare.id}/tiers`), 200),
    call('GET /api/getbeats', get(() => '/api/getbeats'), 200),
    call('GET /api/beats', get(() => '/api/beats'), 200),
    call('GET /api/beats/facets', get(() => '/api/beats/facets'), 200),
    call('GET /api/stream/:beatId', get(() => `/api/stream/${bought.id}`), 200),
    call('GET /api/beats/:beatId/waveform', get(() => `/api/beats/${bought.id}/waveform`), 200),
    call('GET /api/files/images/:file', get(() => `/api/files/${imageKey}`), 200),
    call('GET /robots.txt', get(() => '/robots.txt'), 200),
    call('GET /api/beats/slug/:slug', get(() => `/api/beats/slug/${spare.slug}`), 200),
    call('GET /api/beats/:beatId/artwork.png', get(() => `/api/beats/${spare.id}/artwork.png`), 200),
    call('GET /beat/:slug', get(() => `/beat/${spare.slug}`), 200),
    call('GET /embed/beat/:slug', get(() => `/embed/beat/${spare.slug}`), 200),
    call('GET /sitemap.xml', get(() => '/sitemap.xml'), 200),
    call('GET /sitemaps/:file', get(() => '/sitemaps/1.xml'), 404),
    call('POST /api/changebeattype', send('POST', '/api/changebeattype', () => ({ beatId: bought.id })), 200),
    call('POST /api/signup', send('POST', '/api/signup', () => ({ fullName: 'New Visitor', email: 'matrix-new@example.test', password: 'a-good-password' })), 201),
    call('POST /api/login', send('POST', '/api/login', () => ({ email: other.email, password: 'test-password' })), 200),
    call(
      'POST /login',
      () => ({
        method: 'POST' as const,
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: other.email, password: 'test-password', returnUrl: '/favourite' }).toString(),
      }),
      303,
    ),
    call('GET /api/me', get(() => '/api/me'), 200),
    call('POST /sendotp', send('POST', '/sendotp', () => ({ email: 'nobody-here@example.test' })), 200),
    call('POST /verifyotp', send('POST', '/verifyotp', () => ({ email: 'nobody-here@example.test', otp: 'ABCDE' })), 400),
    call(
      'POST /api/changenewpassword',
      send('POST', '/api/changenewpassword', () => ({ email: 'nobody-here@example.test', newPassword: 'a-good-password', resetToken: 'made-up' })),
      400,
    ),

    // visitor or self: the owner's pass names the owner; a visitor's play names nobody.
    call('POST /api/play', send('POST', '/api/play', () => ({ userId: owner.id, beatId: bought.id, playbackTime: 45 })), 200),

    // user: carts and favourites
    call('POST /api/cart', send('POST', '/api/cart', () => ({ userId: owner.id, beatId: spare.id })), 200),
    call('PUT /api/cart/tier', send('PUT', '/api/cart/tier', () => ({ userId: owner.id, beatId: inCart.id, tier: 'lease' })), 200),
    call('DELETE /api/cart', send('DELETE', '/api/cart', () => ({ userId: owner.id, beatId: inCart.id })), 200),
    call('GET /api/cart/:userId', get(() => `/api/cart/${owner.id}`), 200),
    call('POST /api/cart/merge', send('POST', '/api/cart/merge', () => ({ userId: owner.id, beatIds: [inCart.id], stemsBeatIds: [] })), 200),
    call('POST /api/stemscart', send('POST', '/api/stemscart', () => ({ userId: owner.id, beatId: spareStems.id })), 200),
    call('DELETE /api/stemscart', send('DELETE', '/api/stemscart', () => ({ userId: owner.id, beatId: inStemsCart.id })), 200),
    call('GET /api/stemscart/:userId', get(() => `/api/stemscart/${owner.id}`), 200),
    call('GET /api/cart/:userId/coupons', get(() => `/api/cart/${owner.id}/coupons`), 200),
    call('POST /api/cart/coupon', send('POST', '/api/cart/coupon', () => ({ userId: owner.id, cart: 'beats', code: 'KEPT10' })), 200),
    call('DELETE /api/cart/coupon', send('DELETE', '/api/cart/coupon', () => ({ userId: owner.id, cart: 'beats' })), 200),
    call('POST /api/favorites', send('POST', '/api/favorites', () => ({ userId: owner.id, beatId: spare.id })), 200),
    call('DELETE /api/favorites', send('DELETE', '/api/favorites', () => ({ userId: owner.id, beatId: favourite.id })), 200),
    call('GET /api/favorites/:userId', get(() => `/api/favorites/${owner.id}`), 200),

    // user: checkouts
    call(
      'POST /create-checkout-session',
      send('POST', '/create-checkout-session', () => body(owner, { beatDetails: [lineOf(spare)], sessionType: 'beatPurchase' })),
      200,
    ),
    call(
      'POST /create-checkout-session-stems',
      send('POST', '/create-checkout-session-stems', () => body(owner, { beatDetails: [{ beatId: spareStems.id }], sessionType: 'stems' })),
      200,
    ),
    call(
      'POST /create-checkout-session-exclusive',
      send('POST', '/create-checkout-session-exclusive', () => body(owner, { beatId: exclusive.id, sessionType: 'exclusive' })),
      200,
    ),
    call(
      'POST /api/checkout/quote',
      send('POST', '/api/checkout/quote', () => ({ userId: owner.id, sessionType: 'beatPurchase', beatIds: [spare.id] })),
      200,
    ),
    call('POST /create-checkout-session-plan', send('POST', '/create-checkout-session-plan', () => body(owner, { sessionType: 'vipPlan' })), 200),
    call('POST /api/checkout/confirm', send('POST', '/api/checkout/confirm', () => ({ sessionId: paidSessionId })), 200),
    call('POST /api/checkout/cancel', send('POST', '/api/checkout/cancel', () => ({ checkout: paidSessionId })), 200),

    // user: offers on exclusives (the list and a new offer are the caller's own; the others name the owner's offer)
    call('GET /api/exclusive-offers/beats/:beatId', get(() => `/api/exclusive-offers/beats/${offerable.id}`), 200),
    call('GET /api/exclusive-offers', get(() => '/api/exclusive-offers'), 200, { namesOwner: false }),
    call('POST /api/exclusive-offers', send('POST', '/api/exclusive-offers', () => ({ beatId: offerable.id, amount: 100 })), 201, { namesOwner: false }),
    call('POST /api/exclusive-offers/:offerId/withdraw', send('POST', `/api/exclusive-offers/:offerId/withdraw`, () => ({})), 200),
    call('POST /api/exclusive-offers/:offerId/answer', send('POST', '/api/exclusive-offers/:offerId/answer', () => ({ answer: 'decline' })), 200),
    call('POST /api/exclusive-offers/:offerId/checkout', send('POST', '/api/exclusive-offers/:offerId/checkout', () => ({})), 200),

    // user: purchases, entitlements, downloads
    call('GET /api/getrecentpurchases/:userId', get(() => `/api/getrecentpurchases/${owner.id}`), 200),
    call('GET /api/users/:userId/upgrades', get(() => `/api/users/${owner.id}/upgrades`), 200),
    call('POST /api/getpurchasedbeats', send('POST', '/api/getpurchasedbeats', () => ({ email: owner.email })), 200),
    call('POST /api/getpurchasedExclusivebeats', send('POST', '/api/getpurchasedExclusivebeats', () => ({ email: owner.email })), 200),
    call('POST /api/getpurchasedstems', send('POST', '/api/getpurchasedstems', () => ({ email: owner.email })), 200),
    call('GET /api/purchases/:purchaseId/licence', get(() => `/api/purchases/${purchaseId}/licence`), 200),
    call('GET /api/checkCreditDownload/:userId/:beatId', get(() => `/api/checkCreditDownload/${owner.id}/${bought.id}`), 200),
    call('GET /api/entitlements/:userId', get(() => `/api/entitlements/${owner.id}`), 200),
    call('GET /api/entitlements/:userId/:beatId', get(() => `/api/entitlements/${owner.id}/${bought.id}`), 200),
    call('GET /api/users/:userId/library', get(() => `/api/users/${owner.id}/library`), 200),
    call('POST /api/reduce-credits', send('POST', '/api/reduce-credits', () => ({ email: owner.email, beatId: forCredit.id })), 200),
    call('POST /api/download', send('POST', '/api/download', () => ({ userId: owner.id, beatId: bought.id, fileType: 'mp3' })), 200),
    call('GET /api/beats/:beatId/files/:fileType', get(() => `/api/beats/${bought.id}/files/mp3`), 302),

    // user: the account (last: these end sessions or change the password)
    call('POST /api/getuser', send('POST', '/api/getuser', () => ({ email: owner.email })), 200),
    call('POST /api/update-session-time', send('POST', '/api/update-session-time', () => ({ userId: owner.id, sessionDuration: 60 })), 200),
    call('POST /api/updateinfo', send('POST', '/api/updateinfo', () => ({ email: owner.email, data: { name: 'Owner Renamed', username: 'owner.renamed' } })), 200),
    call('POST /api/logout', send('POST', '/api/logout', () => ({})), 200, { namesOwner: false }),
    call(
      'POST /api/changePassword',
      send('POST', '/api/changePassword', () => ({ email: owner.email, password: 'test-password', newPassword: 'another-good-password' })),
      200,
    ),

    // the owner's download link, fetched by the link alone
    call('GET /api/download/:token', get(() => downloadUrl), 200),

    // free downloads: anyone asks; the e-mailed links answer by themselves
    call(
      'POST /api/beats/:beatId/free-download',
      () => ({ method: 'POST', url: `/api/beats/${free.id}/free-download`, payload: { email: `matrix-${randomUUID()}@example.test`, consent: true } }),
      202,
    ),
    call('GET /api/free-downloads/:token', get(() => freeLinks.download), 200),
    call('GET /api/unsubscribe/:token', get(() => freeLinks.unsubscribe), 200),
    call('POST /api/unsubscribe/:token', () => ({ method: 'POST', url: freeLinks.unsubscribe }), 200),
    // the payment provider: an unsigned event is refused before anything is read (400 is what anyone else gets)
    call('POST /webhooks/stripe', () => ({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' }), 400),

    // the test checkout: anyone holding the session id sees the card form; a declined card pays nothing
    call('GET /test-checkout/assets/checkout.css', get(() => '/test-checkout/assets/checkout.css'), 200),
    call('GET /test-checkout/assets/checkout.js', get(() => '/test-checkout/assets/checkout.js'), 200),
    call('GET /test-checkout/:sessionId', get(() => `/test-checkout/${paidSessionId}`), 200),
    // a paid checkout stays paid: cancelling it only leads back to the cart
    call('GET /test-checkout/:sessionId/cancel', get(() => `/test-checkout/${paidSessionId}/cancel`), 303),
    call(
      'POST /test-checkout/:sessionId/pay',
      () => ({
        method: 'POST',
        url: `/test-checkout/${paidSessionId}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardNumber=4000000000000002&expiry=12%2F34&cvc=123&name=A',
      }),
      409,
    ),

    // API docs and the development outbox
    call('GET /api/docs', get(() => '/api/docs'), 200),
    call('GET /api/docs/', get(() => '/api/docs/'), 200),
    call('GET /api/docs/json', get(() => '/api/docs/json'), 200),
    call('GET /api/docs/yaml', get(() => '/api/docs/yaml'), 200),
    call('GET /api/docs/static/index.html', get(() => '/api/docs/static/index.html'), 302),
    call('GET /api/docs/static/swagger-initializer.js', get(() => '/api/docs/static/swagger-initializer.js'), 200),
    call('GET /api/docs/static/*', get(() => '/api/docs/static/swagger-ui.css'), 200),
    call('GET /dev/mail', get(() => '/dev/mail'), 200),
    call('GET /dev/mail.json', get(() => '/dev/mail.json'), 200),
    call('GET /dev/mail/:id', get(() => `/dev/mail/${randomUUID()}`), 404),

    // the metrics scraper, with its own token
    call('GET /metrics', () => ({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } }), 200),
  ];
}

/** The ways the store tells an account that something is another account's (docs/product/accounts.md#ownership). */
const ownershipRefusals = [
  'You can only access your own account.',
  'You can only download files for your own account.',
  'This purchase belongs to another account.',
  'This checkout belongs to another account.',
  'This offer belongs to another account.',
  'You have not unlocked the MP3 of this beat. Unlock or buy it to download.',
];

const rowsOf = (access: AccessClass) => Object.keys(routeAccess).filter((route) => routeAccess[route] === access);
const callsOf = (...access: AccessClass[]) => calls().filter((c) => access.includes(routeAccess[c.route]!));
const named = (list: Call[]) => list.map((c) => [c.route, c] as const);

/** An admin call built from its row: ids of real rows in its path, no body (the admin guard responds first). */
function adminRequest(route: string): Request {
  const [method, pattern] = route.split(' ') as [string, string];
  const url = pattern.replace(':beatId', bought.id).replace(':userId', owner.id).replace(':offerId', offers.open);
  return { method: method as Request['method'], url };
}

/** Every row of every table the database has, in a stable order: what "nothing changed" compares. */
async function snapshot(): Promise<Record<string, string[]>> {
  const { rows: tables } = await t.deps.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await t.deps.db.execute(sql`select * from ${sql.identifier(name)}`);
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

async function inject(request: Request, token?: string) {
  return t.app.inject(token === undefined ? request : authed(token, request));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'beat-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Beat Market</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({ webDist: dist, env: { RATE_LIMIT_SCALE: '1000', METRICS_TOKEN: metricsToken } });

  await t.deps.storage.put('audio/test/preview.mp3', randomBytes(2000));
  await t.deps.storage.put('audio/test/beat.mp3', randomBytes(4000));
  await t.deps.storage.put('audio/test/waveform.json', Buffer.from('{"peaks":[0,1]}'));
  await t.deps.storage.put(imageKey, png);
  owner = await createUser(t, { credits: 3, profileImageKey: imageKey });
  other = await createUser(t, { credits: 3 });
  ownerToken = await loginAs(t, owner);
  otherToken = await loginAs(t, other);
  pendingToken = await loginAs(t, await createUser(t, { hasPasswordChanged: false }));

  bought = await createBeat(t, { title: 'Bought Beat', waveformKey: 'audio/test/waveform.json' });
  inCart = await createBeat(t, { title: 'In The Cart' });
  inStemsCart = await createBeat(t, { title: 'Stems In The Cart', stemsKey: 'stems/test/a.zip' });
  spare = await createBeat(t, { title: 'Spare Beat' });
  spareStems = await createBeat(t, { title: 'Spare Stems', stemsKey: 'stems/test/b.zip' });
  favourite = await createBeat(t, { title: 'Favourite Beat' });
  exclusive = await createBeat(t, { title: 'The Only One', beatType: 'Exclusive', priceCents: 30000 });
  forCredit = await createBeat(t, { title: 'For A Credit' });
  offerable = await createBeat(t, { title: 'Open To Offers', beatType: 'Exclusive', priceCents: 30000 });
  const offerOn = async (title: string, values: Partial<typeof exclusiveOffers.$inferInsert>) => {
    const beat = await createBeat(t, { title, beatType: 'Exclusive', priceCents: 30000 });
    const [row] = await t.deps.db.insert(exclusiveOffers).values({ beatId: beat.id, buyerId: owner.id, amountCents: 20000, ...values }).returning();
    return row!;
  };
  const payBefore = new Date(Date.now() + 48 * 3_600_000);
  const accepted = await offerOn('Offer Accepted', { state: 'accepted', agreedCents: 25000, expiresAt: payBefore });
  await t.deps.db.update(beats).set({ reservedBy: owner.id, reservedUntil: payBefore }).where(eq(beats.id, accepted.beatId));
  offers = {
    open: (await offerOn('Offer Open', { state: 'open' })).id,
    countered: (await offerOn('Offer Countered', { state: 'countered', counterCents: 25000 })).id,
    accepted: accepted.id,
  };

  const paid = await openCheckoutOk(t, ownerToken, 'beatPurchase', body(owner, { beatDetails: [lineOf(bought)], sessionType: 'beatPurchase' }));
  expect((await payAtTestCheckout(t, paid.sessionId)).statusCode).toBe(303);
  paidSessionId = paid.sessionId;
  const [purchase] = await t.deps.db.select().from(purchases).where(eq(purchases.userId, owner.id));
  purchaseId = purchase!.id;

  await t.deps.db.insert(cartItems).values({ userId: owner.id, beatId: inCart.id });
  await t.deps.db.insert(stemsCartItems).values({ userId: owner.id, beatId: inStemsCart.id });
  await t.deps.db.insert(favorites).values({ userId: owner.id, beatId: favourite.id });

  const link = await inject({ method: 'POST', url: '/api/download', payload: { userId: owner.id, beatId: bought.id, fileType: 'mp3' } }, ownerToken);
  expect(link.statusCode, link.body).toBe(200);
  downloadUrl = (link.json() as { url: string }).url;
  free = await createBeat(t, { title: 'Free For An Address', freeDownload: true });
  const asked = await inject({ method: 'POST', url: `/api/beats/${free.id}/free-download`, payload: { email: 'matrix-lead@example.test', consent: true } });
  expect(asked.statusCode, asked.body).toBe(202);
  const [lead] = await t.deps.db.select().from(freeDownloadLeads).where(eq(freeDownloadLeads.email, 'matrix-lead@example.test'));
  freeLinks = leadLinks(t.deps, lead!);
});
afterAll(async () => {
  // When the app could not be built there is none to close: the failure is beforeAll's.
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the route table', () => {
  it('has a class for every route the server answers, and no row for a route it does not have', () => {
    // Everything but the built web app's files (the fixture's one asset), whose routes follow the build.
    const registered = new Set(
      routesOf(t.app)
        .map((r) => r.split(' ') as [string, string])
        .filter(([, url]) => url !== '/assets/index-abc123.js')
        .map((r) => routeKey(...r)),
    );
    const unclassified = [...registered].filter((route) => !(route in routeAccess));
    const stale = Object.keys(routeAccess).filter((route) => !registered.has(route));
    // unclassified: add a row to routeAccess in web/route-access.ts; stale: a row no route answers.
    expect({ unclassified, stale }).toEqual({ unclassified: [], stale: [] });
  });

  it('leaves out only the built web app’s own files, which are read-only', () => {
    const outside = routesOf(t.app).filter((r) => !(routeKey(...(r.split(' ') as [string, string])) in routeAccess));
    expect(new Set(outside)).toEqual(new Set(['GET /assets/index-abc123.js', 'HEAD /assets/index-abc123.js']));
  });

  it('has one real call for every route outside the admin area, and one class of the known ones per row', () => {
    const withCall = new Set(calls().map((c) => c.route));
    expect(calls().length).toBe(withCall.size);
    const missing = Object.keys(routeAccess).filter((route) => routeAccess[route] !== 'admin' && !withCall.has(route));
    expect(missing, 'routes with no call in access-matrix.test.ts').toEqual([]);
    for (const c of calls()) expect(c.request().method, c.route).toBe(c.route.split(' ')[0]);
    expect(Object.values(routeAccess).every((access) => access in accessClasses)).toBe(true);
  });

  it('lets the routes of development tools, API docs and the test checkout exist only outside production', async () => {
    const live = await createTestApp({ webDist: dist, env: { NODE_ENV: 'production', PUBLIC_URL: 'https://beats.example' } });
    try {
      const registered = new Set(routesOf(live.app).map((r) => routeKey(...(r.split(' ') as [string, string]))));
      for (const route of Object.keys(routeAccess)) {
        const outsideProductionOnly = ['devOnly', 'apiDocs', 'testCheckout'].includes(routeAccess[route]!);
        expect({ route, registered: registered.has(route) }).toEqual({ route, registered: !outsideProductionOnly });
      }
      // Metrics are never public by default: without METRICS_TOKEN the route answers 404, whoever calls.
      for (const authorization of [undefined, `Bearer ${metricsToken}`]) {
        const res = await live.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await live.close();
    }
  });

  it('refuses, while the app is built, a route of the API that has no class, naming it', () => {
    const app = Fastify({ logger: false });
    const endCheck = refuseUnclassifiedRoutes(app);
    const handler = async () => ({});
    expect(() => app.post('/api/unclassified', handler)).toThrow(
      'POST /api/unclassified has no access class: add it to routeAccess in apps/server/src/web/route-access.ts',
    );
    expect(() => app.get('/dev/unclassified', handler)).toThrow('GET /dev/unclassified has no access class');
    expect(() => app.get('/api/cart/:userId', handler)).not.toThrow();
    expect(() => app.get('/assets/app.js', handler)).not.toThrow();
    expect(accessOf('HEAD', '/api/cart/:userId')).toBe('user');
    endCheck();
    // Routes added after buildApp are a test's own (createTestApp's extraRoutes); nothing else adds any.
    expect(() => app.get('/api/fixture/broken', handler)).not.toThrow();
  });
});

describe('refused callers', () => {
  let before: Record<string, string[]>;
  beforeAll(async () => {
    before = await snapshot();
  });

  it.each(named(callsOf('user', 'account')))('%s answers 401 without a token and with a forged one', async (_route, c) => {
    for (const token of [undefined, badToken, 'not-a-token']) {
      const res = await inject(c.request(), token);
      expect({ token, status: res.statusCode }).toEqual({ token, status: 401 });
      expect((res.json() as { message: string }).message).toMatch(/log in/i);
    }
  });

  it.each(named(callsOf('user', 'account').filter((c) => c.namesOwner !== false)))(
    '%s answers 403 when another account names the owner or the owner’s things',
    async (_route, c) => {
      const res = await inject(c.request(), otherToken);
      expect(res.statusCode, res.body).toBe(403);
      expect(ownershipRefusals).toContain((res.json() as { message: string }).message);
    },
  );

  it.each(named(callsOf('user', 'account').filter((c) => c.namesOwner !== false)))(
    '%s refuses an account that must change its password, unless it is an account call',
    async (_route, c) => {
      const res = await inject(c.request(), pendingToken);
      const { message } = res.json() as { message: string };
      expect(res.statusCode).toBe(403);
      // An account call lets it past the guard: the call names the owner, so it is refused as any other account would be.
      if (routeAccess[c.route] === 'user') expect(message).toBe(accountMessages.passwordChangeRequired);
      else expect(message).toBe('You can only access your own account.');
    },
  );

  it('GET /api/download/:token refuses an altered or made-up link, with or without a token', async () => {
    const [link] = callsOf('signedLink');
    const url = link!.request().url as string;
    const token = url.slice(url.lastIndexOf('/') + 1);
    const altered = `${url.slice(0, url.lastIndexOf('/') + 1)}${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const bad of [altered, '/api/download/made-up-link']) {
      for (const bearer of [undefined, ownerToken, otherToken]) {
        const res = await inject({ method: 'GET', url: bad }, bearer);
        expect({ bad, bearer, status: res.statusCode, body: res.json() as unknown }).toEqual({
          bad,
          bearer,
          status: 403,
          body: { message: 'This download link is not valid.' },
        });
      }
    }
  });

  it('POST /api/play that names the owner answers 401 to a visitor and a forged token, 403 to another account', async () => {
    const [play] = callsOf('visitorOrSelf');
    expect((await inject(play!.request())).statusCode).toBe(401);
    expect((await inject(play!.request(), badToken)).statusCode).toBe(401);
    const res = await inject(play!.request(), otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only access your own account.' });
  });

  it.each(rowsOf('admin').map((route) => [route]))('%s answers 401 to a visitor and a forged token, 403 to signed-in users', async (route) => {
    expect((await inject(adminRequest(route))).statusCode).toBe(401);
    expect((await inject(adminRequest(route), badToken)).statusCode).toBe(401);
    for (const token of [ownerToken, otherToken]) {
      const res = await inject(adminRequest(route), token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only admins can do that.' });
    }
    expect((await inject(adminRequest(route), pendingToken)).statusCode).toBe(403);
  });

  it('the webhook refuses an event without a valid signature', async () => {
    const [webhook] = callsOf('webhook');
    const unsigned = await inject(webhook!.request());
    expect(unsigned.statusCode).toBe(webhook!.ok);
    const forged = await inject({ ...webhook!.request(), headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(forged.json()).toEqual({ message: 'Webhook signature verification failed.' });
  });

  it('GET /metrics answers 401 to a visitor, a forged token, any session and a wrong metrics token', async () => {
    const [metrics] = callsOf('metrics');
    const { url } = metrics!.request();
    for (const authorization of [undefined, `Bearer ${badToken}`, `Bearer ${ownerToken}`, `Bearer ${otherToken}`, `Bearer ${metricsToken.slice(1)}`, metricsToken]) {
      const res = await inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
    }
  });

  it('changed nothing in the database', async () => {
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.users!.length).toBe(3);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the right callers', () => {
  it.each(named(callsOf('public', 'signedLink', 'emailLink', 'testCheckout', 'apiDocs', 'devOnly')))('%s answers without a token', async (_route, c) => {
    const res = await inject(c.request());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.ok);
    expect(res.statusCode).not.toBe(401);
  });

  it('GET /metrics answers the holder of METRICS_TOKEN', async () => {
    const [metrics] = callsOf('metrics');
    const res = await inject(metrics!.request());
    expect(res.statusCode).toBe(metrics!.ok);
    expect(res.body).toContain('# TYPE beat_market_http_requests_total counter');
  });

  it('POST /api/logout answers an account that must change its password', async () => {
    const [logout] = calls().filter((c) => c.route === 'POST /api/logout');
    expect((await inject(logout!.request(), pendingToken)).statusCode).toBe(200);
    expect((await inject(logout!.request(), pendingToken)).statusCode).toBe(401);
  });

  it('POST /api/play answers a visitor who names nobody', async () => {
    const res = await inject({ method: 'POST', url: '/api/play', payload: { beatId: bought.id, playbackTime: 45 } });
    expect(res.json()).toEqual({ counted: true });
  });

  it('the webhook takes an event the provider signed', async () => {
    const checkout = await openCheckoutOk(t, otherToken, 'vipPlan', body(other, { sessionType: 'vipPlan' }));
    const res = await deliver(t, await payWithoutWebhook(t, checkout.sessionId));
    expect(res.statusCode, res.body).toBe(200);
    const bought = await t.deps.db.select().from(purchases).where(eq(purchases.userId, other.id));
    expect(bought.map((p) => p.kind)).toEqual(['vipPlan']);
  });

  it('every user route answers its owner, each call in turn (each on a new session: the last ones end sessions)', async () => {
    for (const c of callsOf('visitorOrSelf', 'user', 'account')) {
      const res = await inject(c.request(), await loginAs(t, owner));
      expect({ route: c.route, status: res.statusCode, body: res.statusCode === c.ok ? '' : res.body }).toEqual({ route: c.route, status: c.ok, body: '' });
    }
    const [renamed] = await t.deps.db.select().from(users).where(eq(users.id, owner.id));
    expect(renamed).toMatchObject({ fullName: 'Owner Renamed', credits: 2 });
  });
});
