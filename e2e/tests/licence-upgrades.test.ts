/**
 * License terms before payment and upgrades from a lease to the exclusive, as buyers meet them
 * (docs/product/licenses.md#terms, docs/product/licenses.md#upgrades): each offer of the beat page, the cart's order
 * summary and the VIP plan show their terms with a link to the full text; a buyer holding the MP3 lease of a beat the
 * producer then offers exclusively sees "Upgrade to exclusive for $Y" on the beat page and the dashboard and the
 * upgrade on the cart line, pays the difference, and finds the lease superseded. The upgrade test makes its own beat
 * through the admin API and takes it out of the store afterwards.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  licenceSummaryLines,
  licenceTermsPath,
  type AuthResponse,
  type Beat,
  type BeatPage,
  type LicenceOffer,
  type LicenceTerms,
  type LicenceTermsListResponse,
  type PurchasesResponse,
  type UpgradesResponse,
} from '@beat/shared';
import { createAccount } from '../support/accounts.js';
import { mobile, type Viewport } from '../support/browser.js';
import { api } from '../support/api.js';
import { fileBeatMaker } from '../support/made-beats.js';
import { pdfText } from '../support/pdf.js';
import { fileBrowser, openPage as openPageIn } from '../support/suite.js';
import { payAtTestCheckout } from '../support/steps.js';

const browser = fileBrowser();
const made = fileBeatMaker();

const openPage = (session?: AuthResponse, viewport?: Viewport) => openPageIn(browser(), session, viewport);

/** The terms in force, as the API gives them (an admin test may have edited them). */
async function termsOf(offer: LicenceOffer): Promise<LicenceTerms> {
  const { terms } = await api<LicenceTermsListResponse>('/api/licenses/terms');
  return terms.find((t) => t.offer === offer)!;
}

/** The folded terms under an offer: opened, they show the title, the short list and the link to the full text. */
async function expectTerms(scope: Locator, offer: LicenceOffer, label: RegExp) {
  const terms = await termsOf(offer);
  await scope.locator('summary', { hasText: label }).click();
  const details = scope.locator('details[open]', { has: scope.page().locator('summary', { hasText: label }) });
  await details.getByText(terms.title, { exact: true }).waitFor();
  expect(await details.getByRole('listitem').allInnerTexts()).toEqual(licenceSummaryLines(terms));
  const link = details.getByRole('link', { name: /^Read the full license \(.+\)$/ });
  expect(await link.getAttribute('href')).toBe(licenceTermsPath(offer));
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const beatFields = (title: string, beatType: 'Non-Exclusive' | 'Exclusive', price: number) => ({
  beatTitle: title,
  artistName: 'E2E Producer',
  category: 'Hip Hop',
  bpm: '90',
  releaseDate: new Date().toISOString().slice(0, 10),
  tags: 'e2e, upgrade',
  beatType,
  price: String(price),
  ...(beatType === 'Exclusive' ? { countdownEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString() } : {}),
});

/** A new catalog beat with an MP3 lease at `leasePrice` (a demo beat's preview as its MP3), once it is listed. */
const newLeaseBeat = (title: string, leasePrice: number): Promise<Beat> => made.create(beatFields(title, 'Non-Exclusive', leasePrice), 'upgrade.mp3');

/** The producer offers the leased beat exclusively (the admin edit form's PUT, without new files). */
async function offerExclusively(beat: Beat, price: number): Promise<void> {
  await made.update(beat, beatFields(beat.beatTitle, 'Exclusive', price));
}

describe('license terms before payment', () => {
  it('shows each offer’s terms on the beat page, in the order summary and with the VIP plan', async () => {
    const account = await createAccount('terms');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const beat = beats.filter((b) => b.price !== null && b.hasStems).at(-7)!;
    const { page, errors } = await openPage(account);

    await page.goto(`/beat/${beat.slug}`);
    const offers = page.getByRole('region', { name: 'Get this beat' });
    await expectTerms(offers.getByRole('listitem', { name: 'MP3 lease' }), 'lease', /^License terms \(MP3 Lease\)$/);
    await expectTerms(offers.getByRole('listitem', { name: 'Stems' }), 'stems', /^License terms \(Stems\)$/);
    await expectTerms(offers.getByRole('listitem', { name: 'VIP Catalog' }), 'vipPlan', /^License terms \(VIP Plan\)$/);

    // The order summary shows the terms of each kind of license in the list, once per kind.
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id } });
    await page.goto('/cart');
    const summary = page.getByRole('complementary', { name: /Order Summary — Beats/ });
    await expectTerms(summary, 'lease', /^MP3 Lease license terms$/);
    expect(await summary.locator('summary').count()).toBe(1);

    await page.goto('/vip');
    await page.getByRole('button', { name: 'GET ACCESS' }).first().click();
    await expectTerms(page.getByRole('dialog'), 'vipPlan', /^License terms \(VIP Plan\)$/);
    expect(errors).toEqual([]);
  });
});

describe('upgrades from a lease to the exclusive', () => {
  it('offers the upgrade on the beat page, the dashboard and the cart, charges the difference and supersedes the lease', async () => {
    const title = `E2E Upgrade ${Date.now().toString(36)}`;
    const beat = await newLeaseBeat(title, 29.99);
    const account = await createAccount('upgrade');
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id } });

    const { page, errors } = await openPage(account);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    await payAtTestCheckout(page);
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();

    // The lease's PDF, from the purchase history: the verification link printed on it opens the public check.
    await page.goto('/purchase-history');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `License (PDF): ${title}` }).click(),
    ]);
    const pdf = await pdfText(await readFile((await download.path())!));
    const link = /https?:\/\/\S+?\/licenses\/verify\/[0-9A-F]{4}(?:-[0-9A-F]{4}){5}/.exec(pdf)?.[0];
    const { purchases } = await api<PurchasesResponse>(`/api/getrecentpurchases/${account.user._id}`, account.token);
    const bought = purchases.find((p) => p.beatId === beat._id)!;
    expect(link, pdf).toBe(bought.verifyUrl);
    await page.goto(new URL(link!).pathname);
    await page.getByRole('heading', { name: 'Valid license', level: 1 }).waitFor();

    await offerExclusively(beat, 280);
    const { upgrades } = await api<UpgradesResponse>(`/api/users/${account.user._id}/upgrades`, account.token);
    expect(upgrades).toMatchObject([{ beatId: beat._id, alreadyPaid: 29.99, exclusivePrice: 280, price: 250.01 }]);

    // The beat page: the upgrade in place of the exclusive's Buy.
    await page.goto(`/beat/${beat.slug}`);
    const card = page.getByRole('listitem', { name: 'Exclusive license' });
    await card.getByText('You own the MP3 lease (\u2212$29.99 already paid)', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Upgrade to exclusive for $250.01', exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Buy', exact: true }).count()).toBe(0);
    await expectTerms(card, 'exclusive', /^License terms \(Exclusive\)$/);

    // The cart line of the exclusive is the upgrade, at its price.
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id } });
    await page.goto('/cart');
    const row = page.getByRole('list', { name: 'Beats' }).getByRole('listitem').filter({ hasText: title });
    await row.getByText('Upgrade from your MP3 lease (\u2212$29.99 already paid)', { exact: true }).waitFor();
    await row.getByText('$250.01', { exact: true }).waitFor();
    await page.getByRole('complementary', { name: /Order Summary — Beats/ }).locator('summary', { hasText: /^Exclusive license terms$/ }).waitFor();

    // Nothing overflows a phone's width.
    const phone = await openPage(account, mobile);
    for (const path of [`/beat/${beat.slug}`, '/cart', '/user-dashboard']) {
      await phone.page.goto(path);
      await phone.page.getByRole('button', { name: 'Upgrade to exclusive for $250.01' }).or(phone.page.getByText('Upgrade from your MP3 lease')).first().waitFor();
      expect(await overflow(phone.page), path).toBeLessThanOrEqual(0);
    }
    await phone.page.context().close();

    // The dashboard lists it with the same button; the buyer upgrades from the beat page.
    await page.goto('/user-dashboard');
    const offer = page.getByRole('region', { name: 'Upgrade to exclusive' }).getByRole('listitem').filter({ hasText: title });
    await offer.getByRole('button', { name: 'Upgrade to exclusive for $250.01', exact: true }).waitFor();
    await page.goto(`/beat/${beat.slug}`);
    await page.getByRole('listitem', { name: 'Exclusive license' }).getByRole('button', { name: 'Upgrade to exclusive for $250.01', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    const line = `Upgrade: ${title} MP3 lease \u2192 Exclusive (\u2212$29.99 already paid)`;
    await page.getByText(line).first().waitFor();
    await payAtTestCheckout(page);
    await page.getByRole('list', { name: 'Your purchase' }).getByText(line, { exact: true }).waitFor();

    // The history: the lease superseded, the exclusive an upgrade from it.
    await page.goto('/purchase-history');
    const rows = page.getByRole('row').filter({ hasText: title });
    const lease = rows.filter({ hasText: 'Replaced by the exclusive' });
    await lease.getByText('Superseded', { exact: true }).waitFor();
    await lease.getByText('MP3 Lease', { exact: true }).waitFor();
    const exclusive = rows.filter({ hasText: 'Upgrade from MP3 lease (\u2212$29.99 already paid)' });
    await exclusive.getByText('Exclusive', { exact: true }).waitFor();
    await exclusive.getByText('$250.01', { exact: true }).waitFor();
    expect(await exclusive.getByText('Superseded').count()).toBe(0);

    // The dashboard: no upgrade left; the lease card says it was superseded.
    await page.goto('/user-dashboard');
    const cards = page.getByRole('list', { name: 'Purchases' }).getByRole('listitem');
    await cards.filter({ hasText: 'Replaced by the exclusive' }).getByText('Superseded', { exact: true }).waitFor();
    await cards.filter({ hasText: 'Upgrade from MP3 lease (\u2212$29.99 already paid)' }).waitFor();
    expect(await page.getByRole('region', { name: 'Upgrade to exclusive' }).count()).toBe(0);

    // Anyone checking the lease learns it was superseded by the upgrade.
    await page.goto(new URL(link!).pathname);
    await page.getByRole('heading', { name: /superseded/i, level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });
});
