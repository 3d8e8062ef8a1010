/**
 * Free downloads for an e-mail address (docs/product/free-downloads.md): a visitor on a free beat's page asks for the
 * file with consent, the e-mail arrives with its link, following the link downloads the tagged MP3 and confirms the
 * consent, and the admin's Leads screen shows it. The dialog and the Leads screen have no serious axe findings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Beat, BeatsResponse, LeadsPage } from '@beat/shared';
import { apiLogin, demo, signIn } from '../support/accounts.js';
import { api } from '../support/api.js';
import { baseURL, launchBrowser, mobile, newContext, watchErrors } from '../support/browser.js';
import { axeFindingsAt } from '../support/axe.js';
import { mailTo } from '../support/outbox.js';

let browser: Browser;
let free: Beat;

async function openDialog(page: Page): Promise<void> {
  await page.goto(`/beat/${free.slug}`);
  await page.getByRole('heading', { level: 1, name: free.beatTitle }).waitFor();
  await page.getByRole('button', { name: 'Free download', exact: true }).click();
  await page.getByRole('dialog', { name: 'Free download' }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo store offers its two newest catalog beats for free.
  const { beats } = await api<BeatsResponse>('/api/beats?type=Non-Exclusive&sort=newest&limit=50');
  const found = beats.find((b) => b.freeDownload);
  if (!found) throw new Error('the demo store has no free beat among its newest');
  free = found;
});

afterAll(async () => {
  await browser?.close();
});

describe('free downloads', () => {
  it('a visitor asks with consent on the beat page; the e-mailed link downloads the tagged MP3 and confirms', async () => {
    const email = `free-${Date.now()}@example.test`;
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDialog(page);
    const dialog = page.getByRole('dialog', { name: 'Free download' });
    await dialog.getByLabel('Your e-mail address').fill(email);
    await dialog.getByLabel(/Send me news and new beats/).check();
    await dialog.getByRole('button', { name: 'Send me the link' }).click();
    await dialog.getByRole('status').filter({ hasText: `we sent a download link to ${email}` }).waitFor();

    const mail = await mailTo(email);
    expect(mail.subject).toBe(`Your free download: ${free.beatTitle}`);
    const link = /(https?:\/\/\S+\/api\/free-downloads\/[\w-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toMatch(/Unsubscribe from every Beat Market e-mail: https?:\/\/\S+\/api\/unsubscribe\/[\w-]+/);

    // Before the link is followed, the address has not joined the list.
    const admin = (await apiLogin(demo.admin)).token;
    const before = await api<LeadsPage>('/api/admin/leads?pageSize=100', admin);
    expect(before.leads.find((l) => l.email === email)?.state).toBe('awaiting-confirmation');

    // Following the link in the browser saves the tagged MP3.
    const path = new URL(link).pathname;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate((href) => {
        const a = document.createElement('a');
        a.href = href;
        document.body.append(a);
        a.click();
      }, path),
    ]);
    expect(download.suggestedFilename()).toMatch(/\(tagged\)\.mp3$/);
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // The same bytes as the public tagged preview: never the clean file.
    const preview = Buffer.from(await (await fetch(`${baseURL()}${free.streamingMp3FileLink}`)).arrayBuffer());
    expect(bytes.equals(preview)).toBe(true);

    const after = await api<LeadsPage>('/api/admin/leads?pageSize=100', admin);
    expect(after.leads.find((l) => l.email === email)).toMatchObject({ state: 'confirmed', consent: true, beatTitle: free.beatTitle });
    expect(errors).toEqual([]);
    await context.close();

    // The admin finds it under Admin → Leads.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, await apiLogin(demo.admin));
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Leads' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    const row = adminPage.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Confirmed');
    await adminContext.close();
  });

  it('a second request for the same beat the same day is refused with a readable message in the dialog', async () => {
    const email = `twice-${Date.now()}@example.test`;
    await api(`/api/beats/${free._id}/free-download`, undefined, { method: 'POST', body: { email, consent: false } });
    const context = await newContext(browser, mobile);
    const page = await context.newPage();
    await openDialog(page);
    const dialog = page.getByRole('dialog', { name: 'Free download' });
    await dialog.getByLabel('Your e-mail address').fill(email);
    await dialog.getByRole('button', { name: 'Send me the link' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This address already asked for this beat today' }).waitFor();
    await context.close();
  });

  it('has no serious or critical axe findings on the dialog and on the Leads screen', async () => {
    const onDialog = await axeFindingsAt(browser, `/beat/${free.slug}`, async (page) => {
      await page.getByRole('button', { name: 'Free download', exact: true }).click();
      await page.getByRole('dialog', { name: 'Free download' }).getByLabel('Your e-mail address').waitFor();
    });
    expect(onDialog).toEqual([]);
    const onLeads = await axeFindingsAt(
      browser,
      '/admin/leads',
      async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
        await page.getByRole('row').nth(1).waitFor();
      },
      { session: await apiLogin(demo.admin) },
    );
    expect(onLeads).toEqual([]);
  });
});
