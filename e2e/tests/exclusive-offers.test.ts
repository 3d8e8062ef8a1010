/**
 * Offers on exclusives as buyer and producer meet them (docs/product/exclusive-offers.md): a buyer makes an offer on an
 * exclusive's page, the admin counters it under Admin → Offers, the buyer accepts the counter on the dashboard and pays
 * it at the test checkout; the beat is sold at the counter's amount. Axe checks the three screens. The test makes its own
 * exclusive through the admin API and takes it out of the store afterwards.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExclusiveOffersResponse, PurchasesResponse } from '@beat/shared';
import { apiLogin, createAccount, demo } from '../support/accounts.js';
import { api } from '../support/api.js';
import { axeFindingsAt } from '../support/axe.js';
import { fileBeatMaker } from '../support/made-beats.js';
import { payAtTestCheckout, until } from '../support/steps.js';
import { fileBrowser, openPage } from '../support/suite.js';

const browser = fileBrowser();
const made = fileBeatMaker();

describe('offers on exclusives', () => {
  it('a buyer makes an offer, the admin counters, the buyer accepts and pays the counter', async () => {
    const title = `E2E Offer ${randomBytes(3).toString('hex')}`;
    const beat = await made.create({
      beatTitle: title,
      artistName: 'E2E Producer',
      category: 'Hip Hop',
      bpm: '90',
      releaseDate: new Date().toISOString().slice(0, 10),
      tags: 'e2e, offers',
      beatType: 'Exclusive',
      price: '500',
      countdownEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    const buyer = await createAccount('offer');
    const admin = await apiLogin(demo.admin);

    // The buyer offers on the beat's page, the minimum-free form taking an amount and a message.
    const { page: buyerPage, errors: buyerErrors } = await openPage(browser(), buyer);
    await buyerPage.goto(`/beat/${beat.slug}`);
    await buyerPage.getByRole('heading', { name: 'Make an offer' }).waitFor();
    expect(
      await axeFindingsAt(browser(), `/beat/${beat.slug}`, (p) => p.getByLabel('Your offer (USD)').waitFor(), { session: buyer }),
    ).toEqual([]);
    await buyerPage.getByLabel('Your offer (USD)').fill('300');
    await buyerPage.getByLabel('Message to the producer (optional)').fill('For my debut album');
    await buyerPage.getByRole('button', { name: 'Send offer' }).click();
    await buyerPage.getByText(/Your offer of \$300\.00: Awaiting the producer\./).waitFor();

    // The producer counters under Admin → Offers.
    const { page: adminPage, errors: adminErrors } = await openPage(browser(), admin);
    await adminPage.goto('/admin/offers');
    const card = adminPage.getByRole('article', { name: new RegExp(`^Offer on ${title} from`) });
    await card.getByText('“For my debut album”').waitFor();
    expect(
      await axeFindingsAt(browser(), '/admin/offers', (p) => p.getByRole('article', { name: new RegExp(`^Offer on ${title} from`) }).waitFor(), { session: admin }),
    ).toEqual([]);
    await card.getByLabel('Counter amount (USD)').fill('420');
    await card.getByLabel('Message to the buyer (optional)').fill('Meet me at $420');
    await card.getByRole('button', { name: 'Send counter' }).click();
    await adminPage.getByText('Counter sent.').waitFor();

    // The buyer accepts the counter on the dashboard, then pays it.
    await buyerPage.goto('/user-dashboard#offers');
    const mine = buyerPage.getByRole('article', { name: `Offer on ${title}` });
    await mine.getByText('Countered: awaiting your answer').waitFor();
    await mine.getByText(/Meet me at \$420/).waitFor();
    expect(
      await axeFindingsAt(browser(), '/user-dashboard', (p) => p.getByRole('article', { name: `Offer on ${title}` }).waitFor(), { session: buyer }),
    ).toEqual([]);
    await mine.getByRole('button', { name: 'Accept $420.00' }).click();
    await mine.getByText('Accepted: ready to pay').waitFor();
    await mine.getByRole('button', { name: 'Pay $420.00' }).click();
    await payAtTestCheckout(buyerPage);
    await buyerPage.waitForURL((u) => u.pathname === '/paymentConfirm');

    const { purchases } = await api<PurchasesResponse>(`/api/getrecentpurchases/${buyer.user._id}`, buyer.token);
    expect(purchases.map((p) => ({ title: p.beatTitle, kind: p.kind, price: p.price }))).toContainEqual({ title, kind: 'exclusive', price: 420 });
    const paid = await until('the offer paid', async () => {
      const { offers } = await api<ExclusiveOffersResponse>('/api/exclusive-offers', buyer.token);
      return offers.find((o) => o.beatId === beat._id && o.state === 'paid');
    });
    expect(paid.agreedAmount).toBe(420);
    expect(buyerErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await buyerPage.context().close();
    await adminPage.context().close();
    // Three screens' axe checks and a payment: longer than one screen's test.
  }, 180_000);
});
