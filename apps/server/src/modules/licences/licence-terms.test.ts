/**
 * License terms (docs/product/licenses.md#terms): the demo store's defaults, the admin's edits (validated, versioned,
 * audited), the terms frozen with each sale, and the summary shown at the checkout before payment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  licenceOffers,
  licenceSummaryLines,
  type LicenceTerms,
  type LicenceTermsListResponse,
  type LicenceTermsResponse,
  type UpdateLicenceTermsBody,
} from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp } from '../../test/helper.js';
import { pdfText } from '../../test/pdf-text.js';
import { auditLog, entitlements, licenceTerms, purchases, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-07-01T12:00:00Z'));
let admin: UserRow;
let adminToken: string;
let buyer: UserRow;
let buyerToken: string;

const edit = (offer: string, payload: object, token = adminToken) =>
  t.app.inject(authed(token, { method: 'PUT', url: `/api/admin/licenses/${offer}`, payload }));

const leaseTerms = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/licenses/terms/lease' })).json() as LicenceTermsResponse).terms;

function editOf(terms: LicenceTerms, change: Partial<UpdateLicenceTermsBody>): UpdateLicenceTermsBody {
  const { offer: _offer, version: _version, updatedAt: _updatedAt, ...kept } = terms;
  return { ...kept, ...change };
}

const t = fileTestApp({ clock });
beforeAll(async () => {
  admin = await createUser(t, { isAdmin: true, email: 'terms.admin@example.test' });
  adminToken = await loginAs(t, admin);
  buyer = await createUser(t, { fullName: 'Terms Buyer' });
  buyerToken = await loginAs(t, buyer);
});

describe('the terms in force', () => {
  it('are public: every offer has sensible default terms, with placeholders and numbers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/licenses/terms' });
    expect(res.statusCode).toBe(200);
    const { terms } = res.json() as LicenceTermsListResponse;
    expect(terms.map((x) => x.offer)).toEqual([...licenceOffers]);
    const lease = terms.find((x) => x.offer === 'lease')!;
    expect(lease).toMatchObject({
      title: 'MP3 Lease License',
      distributionCopies: 5000,
      audioStreams: 100000,
      musicVideos: 1,
      radioStations: 2,
      paidPerformances: null,
      creditRequired: true,
      exclusive: false,
    });
    for (const placeholder of ['{buyerName}', '{beatTitle}', '{artistName}', '{price}', '{purchaseDate}', '{licenceId}']) {
      expect(lease.body).toContain(placeholder);
    }
    expect(terms.find((x) => x.offer === 'exclusive')).toMatchObject({ exclusive: true, distributionCopies: null, audioStreams: null });
  });

  it('read as a short list buyers compare', () => {
    expect(
      licenceSummaryLines({
        distributionCopies: 5000,
        audioStreams: null,
        musicVideos: 1,
        radioStations: 0,
        paidPerformances: 2,
        creditRequired: true,
        exclusive: false,
      }),
    ).toEqual([
      'Non-exclusive: others may license the beat too',
      'Up to 5,000 distribution copies',
      'Unlimited audio streams',
      '1 music video',
      'No radio broadcasting',
      'Up to 2 paid performances',
      'Credit required: "Prod. by" the producer',
    ]);
  });

  it('an unknown offer is a 400 naming the offers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/licenses/terms/platinum' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('offer must be one of lease, stems, exclusive, vipPlan, credit');
  });
});

describe('PUT /api/admin/licenses/{offer}', () => {
  it('refuses an unknown placeholder, naming it and the ones there are, and changes nothing', async () => {
    const before = await leaseTerms();
    const res = await edit('lease', editOf(before, { body: 'Licensed to {buyerName} for {beatTittle}.' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Unknown placeholder {beatTittle}.');
    expect(res.json().message).toContain('{licenceId}');
    expect((await leaseTerms()).version).toBe(before.version);
  });

  it.each([
    [{ distributionCopies: -1 }, 'Distribution copies cannot be negative'],
    [{ musicVideos: 1.5 }, 'Music videos must be a whole number'],
    [{ title: '   ' }, 'title is required'],
    [{ creditRequired: 'yes' }, 'creditRequired must be true or false'],
  ])('refuses %o with a readable message', async (change, message) => {
    const res = await edit('lease', { ...editOf(await leaseTerms(), {}), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('is for admins only', async () => {
    const res = await edit('lease', editOf(await leaseTerms(), { title: 'Mine now' }), buyerToken);
    expect(res.statusCode).toBe(403);
  });

  it('makes a new version, in force at once, written to the audit log', async () => {
    const before = await leaseTerms();
    const res = await edit('stems', editOf((await t.app.inject({ method: 'GET', url: '/api/licenses/terms/stems' })).json().terms, { musicVideos: 5 }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as LicenceTermsResponse).terms).toMatchObject({ offer: 'stems', version: 2, musicVideos: 5 });
    const admins = (await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/licenses' }))).json() as LicenceTermsListResponse;
    expect(admins.terms.find((x) => x.offer === 'stems')!.version).toBe(2);
    expect((await leaseTerms()).version).toBe(before.version);
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'licence.terms')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorEmail: admin.email, targetType: 'licence', targetId: 'stems' });
    expect(entry!.before).toMatchObject({ musicVideos: 3, version: 1 });
    expect(entry!.after).toMatchObject({ musicVideos: 5, version: 2 });
  });
});

describe('terms frozen with the sale', () => {
  it('a sale keeps the terms its checkout opened under; an edit after it never changes a sold license', async () => {
    const beat = await createBeat(t, { title: 'Frozen Lake', priceCents: 2999 });
    const before = await leaseTerms();
    const { sessionId, checkout } = await openCheckoutOk(t, buyerToken, 'beatPurchase', body(buyer, { beatDetails: [lineOf(beat)] }));

    // The buyer reads the terms at the checkout, with the full text a link away.
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(page.body).toContain(before.title);
    expect(page.body).toContain('Up to 5,000 distribution copies');
    expect(page.body).toContain('href="/licenses/terms/lease"');
    expect(page.body).toContain('Read the full license');

    // The admin edits the lease terms while the checkout is open; the buyer pays after.
    const edited = await edit('lease', editOf(before, { title: 'MP3 Lease License 2027', distributionCopies: 10 }));
    expect(edited.statusCode).toBe(200);
    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);

    const [sold] = await t.deps.db.select().from(purchases).where(eq(purchases.checkoutId, checkout.id));
    const [soldTerms] = await t.deps.db.select().from(licenceTerms).where(eq(licenceTerms.id, sold!.termsId!));
    expect(soldTerms).toMatchObject({ offer: 'lease', version: before.version, title: before.title, distributionCopies: 5000 });

    // The next sale is made under the new terms.
    const next = await createBeat(t, { title: 'Thawed Lake', priceCents: 2999 });
    const later = await openCheckoutOk(t, buyerToken, 'beatPurchase', body(buyer, { beatDetails: [lineOf(next)] }));
    expect((await payAtTestCheckout(t, later.sessionId)).statusCode).toBe(303);
    const [newer] = await t.deps.db.select().from(purchases).where(eq(purchases.checkoutId, later.checkout.id));
    const [newerTerms] = await t.deps.db.select().from(licenceTerms).where(eq(licenceTerms.id, newer!.termsId!));
    expect(newerTerms).toMatchObject({ version: before.version + 1, title: 'MP3 Lease License 2027', distributionCopies: 10 });
  });

  it('the sold PDF keeps the old text after an edit, its placeholders filled, with the buyer’s name in any alphabet', async () => {
    const zoya = await createUser(t, { fullName: 'Зоя Ζωή Ångström' });
    const token = await loginAs(t, zoya);
    const beat = await createBeat(t, { title: 'Paper Trail', artistName: 'Mono Lune', priceCents: 3499 });
    const before = await leaseTerms();
    const put = await edit('lease', editOf(before, { title: 'Lease of {beatTitle}', body: 'Granted to {buyerName} ({buyerEmail}) for {beatTitle} by {artistName}: {licenceType}, {price}, {purchaseDate}, id {licenceId}.' }));
    expect(put.statusCode).toBe(200);
    const { sessionId } = await openCheckoutOk(t, token, 'beatPurchase', body(zoya, { beatDetails: [lineOf(beat)] }));
    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    const [sold] = await t.deps.db.select().from(purchases).where(eq(purchases.userId, zoya.id));
    const pdfOf = async () => {
      const res = await t.app.inject(authed(token, { method: 'GET', url: `/api/purchases/${sold!.id}/licence` }));
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      return text.replace(/\s+/g, ' ');
    };
    const filled = `Granted to Зоя Ζωή Ångström (${zoya.email}) for Paper Trail by Mono Lune: MP3 Lease, $34.99, 07/01/2026, id ${sold!.licenceId}.`;
    const first = await pdfOf();
    expect(first).toContain('Lease of Paper Trail');
    expect(first).toContain(filled);
    expect(first).not.toContain('{');

    // An edit after the sale: the sold license reads as it did.
    const after = await edit('lease', editOf((await leaseTerms()), { title: 'Rewritten Lease', body: 'Completely different text for {buyerName}.' }));
    expect(after.statusCode).toBe(200);
    const second = await pdfOf();
    expect(second).toContain('Lease of Paper Trail');
    expect(second).toContain(filled);
    expect(second).not.toContain('Completely different text');
    expect(second).not.toContain('Rewritten Lease');
  });

  it('a credit unlock keeps the credit terms in force when it was made', async () => {
    const member = await createUser(t, { credits: 1 });
    const token = await loginAs(t, member);
    const beat = await createBeat(t, { title: 'Credit Frost', priceCents: null });
    const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/reduce-credits', payload: { email: member.email, beatId: beat.id } }));
    expect(res.statusCode).toBe(200);
    const [unlock] = await t.deps.db
      .select({ terms: licenceTerms })
      .from(entitlements)
      .innerJoin(licenceTerms, eq(licenceTerms.id, entitlements.termsId))
      .where(and(eq(entitlements.userId, member.id), eq(entitlements.beatId, beat.id)));
    expect(unlock!.terms).toMatchObject({ offer: 'credit', title: 'Credit Unlock License' });
  });
});
