/**
 * Buying a licence tier, as a buyer does it (docs/product/licenses.md#tiers): the admin prices the WAV Lease of a demo
 * beat; a new buyer reads the beat's tiers side by side with its MP3 lease on its page, puts the WAV Lease in the cart, finds it named
 * there with a list to change it, pays at the test checkout, downloads the WAV from the library, and the license PDF and
 * the purchase history name the WAV Lease. A visitor's WAV Lease, chosen before logging in, is still the cart's after.
 * axe checks the tier cards and the cart's tier list. The beat's WAV Lease price goes back to the tier's default afterwards.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminBeatTiersResponse, AuthResponse, Beat, BeatPage, BeatTiersResponse, CartResponse } from '@beat/shared';
import { apiLogin, createAccount, demo } from '../support/accounts.js';
import { api } from '../support/api.js';
import { axeFindingsAt } from '../support/axe.js';
import { pdfText } from '../support/pdf.js';
import { fileBrowser, openPage } from '../support/suite.js';
import { payAtTestCheckout } from '../support/steps.js';

const browser = fileBrowser();
const wavPrice = 44.5;

let admin: AuthResponse | undefined;
let priced: Beat | undefined;

/** The admin's price for one tier of one beat (Admin → Beats → tiers); null: the tier's default. */
const priceTier = (beat: Beat, key: string, price: number | null) =>
  api<AdminBeatTiersResponse>(`/api/admin/beats/${beat._id}/tiers/${key}`, admin!.token, { method: 'PUT', body: { price, enabled: true } });

afterAll(async () => {
  if (priced) await priceTier(priced, 'wav', null);
});

describe('licence tiers', () => {
  it('a buyer picks the WAV Lease on the beat page, pays for it and gets its WAV and a license naming it', async () => {
    admin = await apiLogin(demo.admin);
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const beat = beats.filter((b) => b.price !== null && b.wavFileLink).at(-13)!;
    const answer = await priceTier(beat, 'wav', wavPrice);
    priced = beat;
    expect(answer.tiers.find((t) => t.key === 'wav')).toMatchObject({ offered: true, effectivePrice: wavPrice });
    const { tiers } = await api<BeatTiersResponse>(`/api/beats/${beat._id}/tiers`);
    const wav = tiers.find((t) => t.key === 'wav')!;

    const account = await createAccount('tier');
    const { page, errors } = await openPage(browser(), account);
    await page.goto(`/beat/${beat.slug}`);
    // The MP3 lease card, then each other tier's card beside it, in tier order.
    const offers = page.getByRole('region', { name: 'Get this beat' });
    const card = offers.getByRole('listitem', { name: 'WAV Lease' });
    await card.waitFor();
    const names = await offers.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names.slice(0, tiers.length)).toEqual(['MP3 lease', ...tiers.filter((t) => t.key !== 'lease').map((t) => t.name)]);
    await card.getByText('$44.50', { exact: true }).waitFor();
    await card.getByText('Files: MP3, WAV', { exact: true }).waitFor();
    expect(await card.getByRole('list').getByRole('listitem').allInnerTexts()).toEqual(wav.summary);
    expect(await card.getByRole('link', { name: 'Read the full license — WAV Lease' }).getAttribute('href')).toBe('/licenses/terms/wav');
    await card.getByRole('button', { name: `Add to Cart — WAV Lease of ${beat.beatTitle}` }).click();
    await card.getByRole('button', { name: `Remove From Cart — WAV Lease of ${beat.beatTitle}` }).waitFor();

    await page.goto('/cart');
    const select = page.getByRole('combobox', { name: `License ${beat.beatTitle}` });
    await expect.poll(() => select.inputValue()).toBe('wav');
    expect(await select.getByRole('option').allInnerTexts()).toContain('WAV Lease — $44.50');
    const summary = page.getByRole('complementary', { name: /Order Summary — Beats/ });
    await expect.poll(() => summary.getByText('Total', { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).toBe('$44.50');

    await summary.getByRole('button', { name: 'Pay Now' }).click();
    await payAtTestCheckout(page);
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Your purchase' }).getByText('WAV Lease', { exact: false }).waitFor();

    // The library holds the beat as a WAV Lease, with its WAV.
    await page.goto('/library');
    const item = page.getByRole('list', { name: 'Your beats' }).getByRole('listitem').filter({ hasText: beat.beatTitle }).first();
    await item.getByRole('list', { name: `How you hold ${beat.beatTitle}` }).getByText('WAV Lease').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: `Download Wav: ${beat.beatTitle}` }).click()]);
    expect(file.suggestedFilename()).toBe(`${beat.beatTitle}.wav`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');

    // The purchase history names the tier, and so does the license agreement.
    await page.goto('/purchase-history');
    const row = page.getByRole('row').filter({ hasText: beat.beatTitle });
    await row.getByText('WAV Lease', { exact: true }).waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `License (PDF): ${beat.beatTitle}` }).click()]);
    expect(await pdfText(await readFile((await pdf.path())!))).toContain('WAV Lease');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a visitor's WAV Lease stays in the cart through logging in", async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const beat = beats.filter((b) => b.price !== null && b.wavFileLink).at(-15)!;
    const account = await createAccount('tier-visitor');
    const { page, errors } = await openPage(browser());
    await page.goto(`/beat/${beat.slug}`);
    const card = page.getByRole('region', { name: 'Get this beat' }).getByRole('listitem', { name: 'WAV Lease' });
    await card.getByRole('button', { name: `Add to Cart — WAV Lease of ${beat.beatTitle}` }).click();
    await card.getByRole('button', { name: `Remove From Cart — WAV Lease of ${beat.beatTitle}` }).waitFor();

    await page.goto('/cart');
    const select = page.getByRole('combobox', { name: `License ${beat.beatTitle}` });
    await expect.poll(() => select.inputValue()).toBe('wav');
    await page.getByRole('link', { name: 'log in' }).click();
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    await expect.poll(() => select.inputValue()).toBe('wav');
    const { cartItems } = await api<CartResponse>(`/api/cart/${account.user._id}`, account.token);
    expect(cartItems.map((line) => [line._id, line.tier?.key])).toEqual([[beat._id, 'wav']]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility findings on the tier cards and the cart with a tier list', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const beat = beats.filter((b) => b.price !== null && b.wavFileLink).at(-14)!;
    const account = await createAccount('tier-axe');
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id, tier: 'wav' } });
    const beatPage = await axeFindingsAt(browser(), `/beat/${beat.slug}`, (page) => page.getByRole('region', { name: 'Get this beat' }).getByRole('listitem', { name: 'WAV Lease' }).waitFor(), {
      session: account,
    });
    const cart = await axeFindingsAt(browser(), '/cart', (page) => page.getByRole('combobox', { name: `License ${beat.beatTitle}` }).waitFor(), { session: account });
    expect({ beatPage, cart }).toEqual({ beatPage: [], cart: [] });
  });
});
