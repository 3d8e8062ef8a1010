/**
 * License terms (docs/product/licenses.md#terms), as the admin and buyers use them: the admin edits the MP3 Lease
 * under Admin → Licenses and a visitor reads the new terms on /licenses/terms/lease; a typo in a placeholder is
 * refused by the server with its message, the admin's text kept; an unknown offer reads as not found. Both pages stay
 * inside a phone's width and have no serious axe findings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LicenceTerms, LicenceTermsResponse, UpdateLicenceTermsBody } from '@beat/shared';
import { apiLogin, demo, signIn } from '../support/accounts.js';
import { api } from '../support/api.js';
import { launchBrowser, mobile, newContext, takeCspViolations, watchErrors, type Viewport } from '../support/browser.js';
import { axeFindingsAt } from '../support/axe.js';

let browser: Browser;
let adminToken: string;
let originalLease: LicenceTerms;

const leaseTerms = async () => (await api<LicenceTermsResponse>('/api/licenses/terms/lease')).terms;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin(demo.admin)).token;
  originalLease = await leaseTerms();
});

afterAll(async () => {
  await browser?.close();
  // Other files see the lease the store started with (as a newer version).
  const { offer: _offer, version: _version, updatedAt: _updatedAt, ...body } = originalLease;
  await api('/api/admin/licenses/lease', adminToken, { method: 'PUT', body: body satisfies UpdateLicenceTermsBody });
});

async function openAdminLicenses(viewport?: Viewport): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, await apiLogin(demo.admin));
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Licenses' }).click();
  await page.getByRole('heading', { level: 1, name: 'Licenses' }).waitFor();
  await page.getByRole('tab', { name: 'MP3 Lease' }).click();
  await page.getByRole('heading', { name: 'MP3 Lease terms' }).waitFor();
  return { page, errors };
}

/** Whether the page scrolls sideways (it never should). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

const axeFindings = async (path: string, ready: (page: Page) => Promise<void>, admin = false) =>
  axeFindingsAt(browser, path, ready, admin ? { session: await apiLogin(demo.admin) } : {});

describe('license terms', () => {
  it('the admin edits the MP3 Lease under Admin → Licenses, and a visitor reads the new terms on its page', async () => {
    const title = `MP3 Lease License ${Date.now()}`;
    const { page: admin, errors: adminErrors } = await openAdminLicenses();

    await admin.getByLabel('Title', { exact: true }).fill(title);
    const copies = admin.getByLabel('Distribution copies', { exact: true });
    expect(await admin.getByLabel('Unlimited distribution copies').isChecked()).toBe(false);
    await copies.fill('7500');
    // Unlimited music videos: the box empties its number input and disables it.
    await admin.getByLabel('Unlimited music videos').check();
    expect(await admin.getByLabel('Music videos', { exact: true }).isDisabled()).toBe(true);

    // The short list follows the form as it is filled.
    const preview = admin.getByRole('region', { name: 'What buyers see' });
    await preview.getByText('Up to 7,500 distribution copies').waitFor();
    await preview.getByText('Unlimited music videos').waitFor();
    await preview.getByText(title).waitFor();

    await admin.getByRole('button', { name: 'Save terms' }).click();
    await admin.getByRole('status').filter({ hasText: 'License terms saved.' }).waitFor();
    await admin.getByText(`Version ${originalLease.version + 1}, saved`).waitFor();
    // Saved, the form is the terms in force: nothing left to save.
    expect(await admin.getByRole('button', { name: 'Save terms' }).isDisabled()).toBe(true);
    const saved = await leaseTerms();
    expect(saved).toMatchObject({ title, distributionCopies: 7500, musicVideos: null, audioStreams: originalLease.audioStreams });
    expect(adminErrors).toEqual([]);
    await admin.context().close();

    const context = await newContext(browser, mobile);
    const visitor = await context.newPage();
    const errors = watchErrors(visitor);
    await visitor.goto('/licenses/terms/lease');
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.getByText('MP3 Lease license terms').waitFor();
    await visitor.getByText('Up to 7,500 distribution copies').waitFor();
    await visitor.getByText('Unlimited music videos').waitFor();
    await visitor.getByText(`Version ${saved.version} · in force since`).waitFor();
    // The placeholders read as what fills them for a sale.
    expect(await visitor.getByText("[the buyer's name]").count()).toBeGreaterThan(0);
    expect(await visitor.getByText('{buyerName}').count()).toBe(0);
    await visitor.getByText(/terms in force when it was bought: they are the ones its license PDF carries/).waitFor();
    expect(await scrollsSideways(visitor)).toBe(false);
    expect(errors).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses a body with an unknown placeholder with the server’s message, keeping what the admin typed', async () => {
    const before = await leaseTerms();
    const { page, errors } = await openAdminLicenses(mobile);
    const body = page.getByLabel('Body', { exact: true });
    const typed = `${before.body}\n\nThis license covers "{beatTittle}" only.`;
    await body.fill(typed);
    await page.getByRole('button', { name: 'Save terms' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Unknown placeholder {beatTittle}.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Use {buyerName}');
    expect(await body.inputValue()).toBe(typed);
    expect(await page.getByText('License terms saved.').count()).toBe(0);
    expect((await leaseTerms()).version).toBe(before.version);

    // An emptied number is not sent as "unlimited": the form asks for a number first.
    await page.getByLabel('Audio streams', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save terms' }).click();
    await page.getByText('Enter audio streams as a whole number (0: not allowed), or tick Unlimited.').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect((await leaseTerms()).version).toBe(before.version);
    expect(errors).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows the not-found look for an offer there is not, with the licenses there are', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/licenses/terms/platinum');
    await page.getByRole('heading', { level: 1, name: 'No such license' }).waitFor();
    await page.getByText('There are no license terms at this address.').waitFor();
    await page.getByRole('link', { name: 'Stems' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stems License' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/licenses/terms/stems');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('has no serious or critical axe findings on Admin → Licenses and on a terms page', async () => {
    const adminFindings = await axeFindings(
      '/admin/licenses',
      async (page) => {
        await page.getByRole('heading', { name: 'MP3 Lease terms' }).waitFor();
      },
      true,
    );
    expect(adminFindings).toEqual([]);
    const publicFindings = await axeFindings('/licenses/terms/exclusive', async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Full terms' }).waitFor();
    });
    expect(publicFindings).toEqual([]);
  }, 60_000);
});
