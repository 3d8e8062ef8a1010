/**
 * The admin area (issue 6), as people use it: an admin adds a beat with its files and a visitor plays it in the
 * store; an admin invites a user who logs in with the e-mailed password and is made to change it; a non-admin
 * typing /admin/dashboard is sent away. Plus the dashboard's charts, user actions, analytics tabs and CSV export.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AdminBeatsPage, BeatPage } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { baseURL, mobile, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { mailTo } from '../support/outbox.js';
import { monoWav } from '../support/wav.js';
import { storedZip } from '../support/stems-zip.js';
import { axeFindings } from '../support/axe.js';
import { fileBrowser } from '../support/suite.js';
import { seeTexts } from '../support/steps.js';

const browser = fileBrowser();

/** `audit`: a page axe can be injected into (the app's CSP forbids inline scripts, rightly). */
async function openPage(viewport?: Viewport, audit = false): Promise<{ page: Page; errors: string[] }> {
  const context = audit
    ? await browser().newContext({ baseURL: baseURL(), viewport: viewport ?? { width: 1440, height: 900 }, bypassCSP: true })
    : await newContext(browser(), viewport);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function openAsAdmin(viewport?: Viewport, audit = false) {
  const opened = await openPage(viewport, audit);
  await signIn(opened.page, await apiLogin(demo.admin));
  return opened;
}

const unique = () => randomBytes(3).toString('hex');

/** A real MP3 made by the demo store's generator: the preview of a listed beat. */
async function demoMp3(): Promise<Buffer> {
  const { beats } = (await (await fetch(`${baseURL()}/api/beats?type=Non-Exclusive&limit=1`)).json()) as BeatPage;
  const res = await fetch(`${baseURL()}${beats[0]!.streamingMp3FileLink}`);
  return Buffer.from(await res.arrayBuffer());
}

/** 16-bit mono silence as a RIFF/WAVE file (half a second by default). */
const silentWav = (samples = 22050) => monoWav(samples);

describe('beats management', () => {
  it('an admin adds a beat with MP3, WAV and stems; a visitor finds it in the store and plays it', async () => {
    const title = `Admin Upload ${unique()}`;
    const mp3 = await demoMp3();
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/beats-management');
    await page.getByRole('heading', { name: 'Beats Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add New Beats' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add New Beat' });
    await dialog.getByLabel('Beat Title').fill(title);
    await dialog.getByLabel('Artist Name').fill('E2E Producer');
    await dialog.getByLabel('Category').selectOption('Electronic');
    await dialog.getByLabel('BPM').fill('128');
    await dialog.getByLabel('Release Date').fill('2026-05-04');
    await dialog.getByLabel('Tags').fill('e2e, house');
    await dialog.getByLabel('Lease Price (MP3)').fill('21.50');
    await dialog.getByLabel(/^MP3/).setInputFiles({ name: 'upload.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
    // A 4 MB WAV over a throttled upload, so the progress bar has something to show.
    await dialog.getByLabel(/^WAV/).setInputFiles({ name: 'upload.wav', mimeType: 'audio/wav', buffer: silentWav(2_000_000) });
    await dialog.getByLabel(/^Stems ZIP/).setInputFiles({ name: 'stems.zip', mimeType: 'application/zip', buffer: storedZip('drums.wav', silentWav()) });
    await dialog.getByText('upload.mp3').waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/beats') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Beat' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data/);
    const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    await dialog.getByText(/^Uploading \d+% · /).waitFor();
    await page.getByText(`${title} added: it goes live once its preview is rendered`).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached' });
    const leases = page.getByRole('region', { name: 'Leases' });
    await leases.getByText(title).waitFor();
    // The list follows the render on its own: Rendering…, then Ready, when the beat goes live.
    await leases.getByRole('row').filter({ hasText: title }).getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });

    const admin = await apiLogin(demo.admin);
    const listed = (await (
      await fetch(`${baseURL()}/api/admin/beats?q=${encodeURIComponent(title)}`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as AdminBeatsPage;
    expect(listed.beats[0]).toMatchObject({ beatTitle: title, price: 21.5, hasWav: true, hasStems: true, category: 'Electronic' });
    expect(listed.beats[0]!.durationSeconds).toBeGreaterThan(5);
    expect(errors).toEqual([]);

    // A visitor, in another browser, finds it and hears it.
    const visitor = await openPage();
    await visitor.page.goto('/');
    await visitor.page.getByRole('searchbox', { name: 'Search for beats or tags' }).fill(title);
    await visitor.page.getByRole('button', { name: `Play ${title}` }).first().click();
    await visitor.page.getByRole('region', { name: 'Player' }).getByText(title).waitFor();
    await expect
      .poll(() => visitor.page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(await visitor.page.evaluate(() => document.querySelector('audio')?.currentSrc)).toContain(`/api/stream/${listed.beats[0]!._id}`);
    expect(visitor.errors).toEqual([]);
  });

  it('refuses a file that is not what it claims before uploading, and edits, unpublishes and deletes a beat', async () => {
    const title = `Admin Edit ${unique()}`;
    const { page } = await openAsAdmin();
    await page.goto('/admin/beats-management');
    await page.getByRole('button', { name: 'Add New Beats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Beat' });
    await dialog.getByLabel(/^MP3/).setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: silentWav() });
    await dialog.getByText('This file is not an MP3.').waitFor();
    await dialog.getByRole('button', { name: 'Add Beat' }).click();
    await seeTexts(dialog, 'Beat Title is required', 'Category is required');

    // Exclusive: the price label and the countdown appear, and both are required.
    await dialog.getByLabel('Type').selectOption('Exclusive');
    await dialog.getByLabel('Price (Exclusive)').waitFor();
    await dialog.getByRole('button', { name: 'Add Beat' }).click();
    await seeTexts(dialog, 'Price is required for an Exclusive beat', 'Countdown end is required for an Exclusive beat');

    await dialog.getByLabel('Beat Title').fill(title);
    await dialog.getByLabel('Artist Name').fill('E2E Producer');
    await dialog.getByLabel('Category').selectOption('Jazz');
    await dialog.getByLabel('BPM').fill('90');
    await dialog.getByLabel('Price (Exclusive)').fill('350');
    await dialog.getByLabel('Countdown end').fill('2030-01-01T12:00');
    await dialog.getByLabel(/^MP3/).setInputFiles({ name: 'real.mp3', mimeType: 'audio/mpeg', buffer: await demoMp3() });
    await dialog.getByRole('button', { name: 'Add Beat' }).click();
    await page.getByText(`${title} added: it goes live once its preview is rendered`).waitFor({ timeout: 30_000 });

    const exclusive = page.getByRole('region', { name: 'Exclusive' });
    await exclusive.getByRole('row').filter({ hasText: title }).getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await exclusive.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Beat' });
    expect(await edit.getByLabel('Beat Title').inputValue()).toBe(title);
    await edit.getByLabel('Beat Title').fill(`${title} v2`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`${title} v2 updated`).waitFor({ timeout: 30_000 });

    const inStore = async () => ((await (await fetch(`${baseURL()}/api/beats?q=${encodeURIComponent(`${title} v2`)}`)).json()) as BeatPage).beats.length;
    expect(await inStore()).toBe(1);
    await exclusive.getByRole('button', { name: `Unpublish ${title} v2` }).click();
    await page.getByText(`${title} v2 unpublished`).waitFor();
    await exclusive.getByText('Unpublished', { exact: true }).waitFor();
    expect(await inStore()).toBe(0);

    await exclusive.getByRole('button', { name: `Delete ${title} v2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this beat?' });
    await confirm.getByRole('button', { name: 'Delete Beat' }).click();
    await page.getByText(`${title} v2 deleted`).waitFor();
    await exclusive.getByText(`${title} v2`).waitFor({ state: 'detached' });
  });
});

describe('user management', () => {
  it('an admin invites a user, who logs in with the e-mailed password and is made to change it', async () => {
    const email = `invitee-${unique()}@example.test`;
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/user-management');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await seeTexts(dialog, 'Email is required', 'Credits are required', 'Name is required');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name', { exact: true }).fill('Ines Invitee');
    await dialog.getByLabel('Credits', { exact: true }).fill('4');
    expect(await dialog.getByLabel('Assign free credits').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await seeTexts(row, 'Invited User', '4 credits');
    expect(errors).toEqual([]);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('You are invited to Beat Market');
    const password = /Temporary password: (\S+)/.exec(mail.text)![1]!;

    const invitee = await openPage();
    await invitee.page.goto('/login');
    await invitee.page.getByLabel('Email').fill(email);
    await invitee.page.getByLabel('Password', { exact: true }).fill(password);
    await invitee.page.getByRole('button', { name: 'Login' }).click();
    await invitee.page.waitForURL('**/account-setting');
    const alert = invitee.page.getByRole('alert').filter({ hasText: 'Password Change Required' });
    await alert.getByText('Please change your password to access the system.').waitFor();
    await invitee.page.goto('/vip');
    await invitee.page.waitForURL('**/account-setting');

    const form = invitee.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill(password);
    await form.getByLabel('New Password', { exact: true }).fill('my-own-password-1');
    await form.getByLabel('Confirm New Password').fill('my-own-password-1');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await invitee.page.getByText('Password Changed', { exact: true }).waitFor();
    await alert.waitFor({ state: 'detached' });
    expect((await apiLogin(email, 'my-own-password-1')).user).toMatchObject({ userType: 'invitedUser', Credits: 4, hasPasswordChanged: true });
  });

  it('edits credits and stems, promotes to VIP and deletes with confirmation', async () => {
    const account = await createAccount('managed');
    const { page } = await openAsAdmin();
    await page.goto('/admin/user-management');
    for (const header of ['Name', 'Email', 'Status', 'Registration date', 'Action']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await page.getByRole('searchbox', { name: 'Search names or emails' }).fill(account.user.email);
    const row = page.getByRole('row').filter({ hasText: account.user.email });
    await row.getByText('Free User').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    await row.getByRole('button', { name: `Edit ${account.user.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Credits').fill('7');
    await edit.getByLabel(/^Stems available/).check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Eve Tester updated').waitFor();
    await row.getByText('7 credits · stems').waitFor();

    await row.getByRole('button', { name: `Promote ${account.user.email} to VIP` }).click();
    await page.getByRole('dialog', { name: 'Promote to VIP?' }).getByRole('button', { name: 'Promote to VIP' }).click();
    await page.getByText('Eve Tester is now a VIP member').waitFor();
    await row.getByText('VIP Member').waitFor();

    await row.getByRole('button', { name: `Delete ${account.user.email}` }).click();
    await page.getByRole('dialog', { name: 'Delete this account?' }).getByRole('button', { name: 'Delete User' }).click();
    await page.getByText("Eve Tester's account deleted").waitFor();
    await page.getByText(`No user matches “${account.user.email}”.`).waitFor();
    const login = await fetch(`${baseURL()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.user.email, password: account.password }),
    });
    expect(login.status).toBe(401);

    // Every change is in the audit log on the dashboard.
    await page.goto('/admin/dashboard');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.getByRole('row').filter({ hasText: 'Deleted user' }).filter({ hasText: account.user.email }).waitFor();
    await audit.getByRole('row').filter({ hasText: 'Promoted to VIP' }).filter({ hasText: account.user.email }).waitFor();
    await audit.getByText('credits: 0 → 7').first().waitFor();
  });
});

describe('dashboard and analytics', () => {
  it('draws the Global and Beats charts, three cards until See More', async () => {
    const { page, errors } = await openAsAdmin(undefined, true);
    await page.goto('/admin/dashboard');
    const global = page.getByRole('region', { name: 'Global' });
    // On a fresh store most series are flat at zero (an empty box to the browser), so wait for the charts' surfaces.
    await global.locator('.recharts-surface').first().waitFor();
    await expect.poll(() => global.locator('.recharts-line').count()).toBeGreaterThanOrEqual(3);
    expect(await global.getByRole('article').count()).toBe(3);
    await global.getByRole('button', { name: 'See More' }).click();
    expect(await global.getByRole('article').count()).toBe(5);
    await global.getByRole('button', { name: 'See Less' }).click();
    expect(await global.getByRole('article').count()).toBe(3);
    const beats = page.getByRole('region', { name: 'Beats' });
    expect(await beats.getByRole('article').count()).toBe(3);
    await page.getByText('Last 7 days').click();
    await expect.poll(() => page.locator('.kpi-strip__period').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the tabs Global, Beats and Users, sorts beats and exports the purchases as CSV', async () => {
    const { page, errors } = await openAsAdmin(undefined, true);
    await page.goto('/admin/analytics');
    await page.getByRole('button', { name: 'Add New User' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Analytics' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Global', 'Beats', 'Users']);

    await tabs.getByRole('tab', { name: 'Beats' }).click();
    const table = page.getByRole('region', { name: 'Beats' }).filter({ has: page.getByRole('table') });
    await table.getByRole('button', { name: 'Plays' }).click();
    await expect.poll(() => table.getByRole('columnheader', { name: 'Plays' }).getAttribute('aria-sort')).toBe('descending');

    await tabs.getByRole('tab', { name: 'Users' }).click();
    for (const header of ['Serial No.', 'Name', 'Email', 'Item', 'Amount', 'Paid in', 'Date']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^beat-market-purchases-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('works on a phone', async () => {
    const { page, errors } = await openAsAdmin(mobile, true);
    await page.goto('/admin/beats-management');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL('**/admin/user-management');
    await page.getByRole('button', { name: 'Add New User' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('access', () => {
  it('sends a signed-in non-admin typing /admin/dashboard away to the store with a toast', async () => {
    const { page } = await openPage();
    await signIn(page, await apiLogin(demo.free));
    await page.goto('/admin/dashboard');
    await page.getByText('The admin area is for admins only.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('sends a visitor to log in, and back to the admin area once logged in as an admin', async () => {
    const { page } = await openPage();
    await page.goto('/admin/analytics');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/admin/analytics');
    await page.getByLabel('Email').fill(demo.admin);
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    // Admins find the area from the store's menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
  });
});
