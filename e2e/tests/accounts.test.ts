/**
 * Accounts (issue 3): password recovery with the code read from the outbox, the OTP boxes, account settings with a
 * real picture upload and password change, the forced password change of newhire@demo.test, protected routes.
 * Everything that changes a password uses a fresh account, except the newhire flow (that account is this file's alone).
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiLogin, createAccount, demo, DEMO_PASSWORD, signIn } from '../support/accounts.js';
import { auditContext, auditViewports, baseURL, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { axeFindings } from '../support/axe.js';
import { mailsTo, type OutboxMessage } from '../support/outbox.js';
import { fileBrowser } from '../support/suite.js';
import { seeTexts } from '../support/steps.js';

const browser = fileBrowser();

async function openPage(viewport?: Viewport): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const codeOf = (message: OutboxMessage) => /Your code: ([A-Z0-9]{5})/.exec(message.text)![1]!;

/** A real PNG (solid colour), made here so the upload is a genuine image. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const boxes = (page: Page) => page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
const boxValues = (page: Page) => boxes(page).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
const focusedBox = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

async function startRecovery(page: Page, email: string) {
  await page.goto('/forgotpassword');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('OTP sent successfully').waitFor();
  await page.waitForURL('**/otpverification');
}

async function pasteInto(page: Page, index: number, text: string) {
  await boxes(page)
    .nth(index)
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

describe('password recovery', () => {
  it('goes from Forgot Password to a new password with the code from the e-mail, and ends the old sessions', async () => {
    const account = await createAccount('recover');
    const { page, errors } = await openPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL('**/forgotpassword');
    // Let the page's lazy chunks settle so the form is not re-mounted between typing and sending.
    await page.waitForLoadState('networkidle');

    // 'Sending OTP...' while the call runs.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/sendotp', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(account.user.email);
    const sent = page.waitForRequest((r) => r.url().endsWith('/sendotp'));
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await sent;
    await page.getByRole('button', { name: 'Sending OTP...' }).waitFor();
    release();
    await page.getByText('OTP sent successfully').waitFor();
    await page.waitForURL('**/otpverification');
    expect(await page.evaluate(() => localStorage.getItem('recoveryEmail'))).toBe(account.user.email);

    const [mail] = await mailsTo(account.user.email);
    expect(mail!.subject).toContain('Beat Market');
    const code = codeOf(mail!);
    await boxes(page).first().click();
    await page.keyboard.type(code.toLowerCase());
    expect(await boxValues(page)).toEqual([...code]);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP Verified successfully').waitFor();
    await page.waitForURL('**/changepassword');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Please fill in the fields').first().waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('recovered-pass-1');
    await page.getByLabel('Confirm New Password').fill('recovered-pass-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password did not match').first().waitFor();
    await page.getByLabel('Confirm New Password').fill('recovered-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed Successfully').waitFor();
    await page.waitForURL('**/login');

    // The session from before the reset has ended; the new password works.
    const old = await fetch(`${baseURL()}/api/getuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ email: account.user.email }),
    });
    expect(old.status).toBe(401);
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill('recovered-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Signed in successfully').waitFor();
    expect(errors).toEqual([]);
  });

  it('refuses a wrong code with the server message and stays on the code page', async () => {
    const account = await createAccount('wrongcode');
    const { page } = await openPage();
    await startRecovery(page, account.user.email);
    const code = codeOf((await mailsTo(account.user.email))[0]!);
    const wrong = [...code].map((c) => (c === 'A' ? 'B' : 'A')).join('');
    await pasteInto(page, 0, wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('The code is incorrect or has expired.', { exact: false }).waitFor();
    expect(page.url()).toContain('/otpverification');
  });

  it('lists the outbox at /dev/mail, newest first, and opens a message', async () => {
    const account = await createAccount('devmail');
    await fetch(`${baseURL()}/sendotp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.user.email }) });
    const [mail] = await mailsTo(account.user.email);
    const { page } = await openPage();
    await page.goto(`/dev/mail?to=${encodeURIComponent(account.user.email)}`);
    await page.getByRole('link', { name: mail!.subject }).click();
    await page.waitForURL(`**/dev/mail/${mail!.id}`);
    await page.getByText(`Your code: ${codeOf(mail!)}`).waitFor();
    expect(await page.frameLocator('iframe[title="HTML body of the message"]').getByText(codeOf(mail!)).count()).toBe(1);
  });
});

describe('OTP boxes', () => {
  // Once the server's minute is over the resend works and the countdown starts again: the server's route test moves
  // its clock past the minute (password-recovery.routes.test.ts), the form's test its timers (otp-form.test.tsx).
  it('advance on typing, step back on delete, take a pasted code, and meet the server’s own minute on an early resend', async () => {
    const account = await createAccount('otpboxes');
    const { page, errors } = await openPage();
    await page.clock.install();
    await startRecovery(page, account.user.email);

    // The countdown starts at 60 s; on a busy machine a second may pass before the first look.
    await page.getByText(/^Resend OTP in (60|59|58)s$/).waitFor();
    expect(await page.getByRole('button', { name: 'Resend OTP' }).isDisabled()).toBe(true);

    // Typing moves along.
    await boxes(page).first().click();
    await page.keyboard.type('ab');
    expect(await boxValues(page)).toEqual(['A', 'B', '', '', '']);
    expect(await focusedBox(page)).toBe('Character 3 of 5');

    // An incomplete code is refused in the product’s words.
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('Fill in the code').waitFor();

    // Backspace on an empty box steps back and clears the one before.
    await boxes(page).nth(2).focus();
    await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toEqual(['A', '', '', '', '']);
    expect(await focusedBox(page)).toBe('Character 2 of 5');
    await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toEqual(['', '', '', '', '']);
    expect(await focusedBox(page)).toBe('Character 1 of 5');

    // A pasted code fills every box, from wherever it is pasted.
    await pasteInto(page, 3, 'x y-2k9');
    expect(await boxValues(page)).toEqual(['X', 'Y', '2', 'K', '9']);

    // The page's countdown ends (its clock is the test's): the resend button wakes up, and the server, whose clock
    // is real, still holds its own 60 seconds.
    await page.clock.fastForward(61_000);
    await page.getByText('You can now resend the OTP.').waitFor();
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await page.getByText(/^Too many code requests\. Please try again in \d+ seconds\.$/).waitFor();

    // The refused resend sent nothing: the code of the first e-mail, pasted whole, verifies.
    const [mail, ...more] = await mailsTo(account.user.email);
    expect(more).toEqual([]);
    await pasteInto(page, 0, codeOf(mail!));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP Verified successfully').waitFor();
    await page.waitForURL('**/changepassword');
    expect(errors).toEqual([]);
  });
});

describe('account settings', () => {
  it('shows the user layout and updates name, username and a real uploaded picture', async () => {
    const account = await createAccount('settings');
    const { page, errors } = await openPage();
    await signIn(page, account);
    await page.goto('/account-setting');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();

    const aside = page.getByRole('complementary', { name: 'Your account' });
    await seeTexts(aside, 'Eve Tester', 'Free User');
    expect(await aside.getByTestId('user-credits').textContent()).toBe('0');
    const nav = aside.getByRole('navigation', { name: 'Account' });
    for (const name of ['Dashboard', 'Purchase History', 'Favorite', 'Account Setting']) await nav.getByRole('link', { name }).waitFor();
    expect(await nav.getByRole('link', { name: 'Account Setting' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('button', { name: 'Logout' }).waitFor();

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Name', { exact: true }).fill('');
    await profile.getByLabel('Username').fill('');
    await profile.getByRole('button', { name: 'Update' }).click();
    await profile.getByText('name is required', { exact: true }).waitFor();
    await profile.getByText('Username is required', { exact: true }).waitFor();

    const username = `eve_${randomBytes(3).toString('hex')}`;
    await profile.getByLabel('Name', { exact: true }).fill('Eve Updated');
    await profile.getByLabel('Username').fill(username);
    // Name and username change without a picture (docs/product/accounts.md#profile-picture).
    await profile.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Info Updated').waitFor();
    expect(await profile.getByText('Profile Picture is required').count()).toBe(0);
    await page.getByText('User Info Updated').waitFor({ state: 'detached' });

    // Not a picture, whatever its name says.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') });
    await profile.getByText('Please upload a valid image file (PNG, JPEG, JPG).').waitFor();

    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(64, 64, [139, 92, 246]) });
    await profile.getByText('New picture chosen: save to keep it.').waitFor();
    await profile.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Info Updated').waitFor();

    // The avatar everywhere shows the stored picture, from its public URL.
    const topAvatar = page.getByRole('link', { name: 'Your account' }).locator('img');
    await topAvatar.waitFor();
    const src = await topAvatar.getAttribute('src');
    expect(src).toMatch(/^\/api\/files\/images\/[0-9a-f-]{36}\.png$/);
    await expect.poll(() => topAvatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await aside.getByText('Eve Updated').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('form', { name: 'Profile' }).getByLabel('Username').inputValue()).toBe(username);
    expect(await page.getByRole('form', { name: 'Profile' }).getByLabel('Email').isEditable()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('changes the password with the product’s messages and keeps the user signed in', async () => {
    const account = await createAccount('changepw');
    const { page, errors } = await openPage();
    await signIn(page, account);
    await page.goto('/account-setting');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Change Password' }).click();
    await seeTexts(form, 'Current Password is required', 'New Password is required');

    await form.getByLabel('Current Password').fill('not-the-password');
    await form.getByLabel('New Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Password must be at least 8 characters long').waitFor();
    await form.getByLabel('New Password', { exact: true }).fill('settings-pass-1');
    await form.getByLabel('Confirm New Password').fill('settings-pass-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('New password and confirm password must match').waitFor();
    await form.getByLabel('Confirm New Password').fill('settings-pass-1');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is incorrect.').waitFor();

    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();

    // Still signed in on the new token; the old one has ended.
    await page.reload();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    expect(page.url()).toContain('/account-setting');
    const old = await fetch(`${baseURL()}/api/getuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ email: account.user.email }),
    });
    expect(old.status).toBe(401);
    await apiLogin(account.user.email, 'settings-pass-1');
    expect(errors).toEqual([]);
  });

  it.each(auditViewports)('has no serious or critical axe findings (%s)', async (_name, viewport) => {
    const account = await createAccount('axe');
    const context = await auditContext(browser(), viewport);
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto('/account-setting');
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await startRecovery(page, account.user.email);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('protected account pages', () => {
  it('send visitors to log in and back', async () => {
    const account = await createAccount('guard');
    const { page } = await openPage();
    await page.goto('/account-setting');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/account-setting');
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/account-setting');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
  });
});

describe('forced password change', () => {
  it('sends newhire@demo.test to /account-setting from every page until the password is changed', async () => {
    // This file is the only one that touches newhire, and the run changes its password: the test needs a
    // fresh data folder (as `npm test` gives it).
    const probe = await fetch(`${baseURL()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.newhire, password: DEMO_PASSWORD }),
    });
    expect(probe.status, 'newhire@demo.test no longer has its demo password: run against a fresh data folder').toBe(200);
    const probeSession = (await probe.json()) as { token: string; user: { _id: string; hasPasswordChanged: boolean } };
    expect(probeSession.user.hasPasswordChanged).toBe(false);

    // The server refuses everything else for this account.
    const refused = await fetch(`${baseURL()}/api/favorites/${probeSession.user._id}`, { headers: { authorization: `Bearer ${probeSession.token}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Please change your password to access the system.' });

    const { page, errors } = await openPage();
    await page.goto('/login?returnUrl=%2Fvip');
    await page.getByLabel('Email').fill(demo.newhire);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/account-setting');
    const alert = page.getByRole('alert').filter({ hasText: 'Password Change Required' });
    await alert.getByText('Please change your password to access the system.').waitFor();

    for (const path of ['/vip', '/exclusives', '/', '/favourite', '/user-dashboard']) {
      await page.goto(path);
      await page.waitForURL('**/account-setting');
      await alert.waitFor();
    }

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await form.getByLabel('New Password', { exact: true }).fill('newhire-own-password');
    await form.getByLabel('Confirm New Password').fill('newhire-own-password');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    await alert.waitFor({ state: 'detached' });

    await page.goto('/vip');
    await page.getByRole('heading', { name: 'VIP CATALOG' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vip');
    await page.goto('/exclusives');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/exclusives');
    expect(errors).toEqual([]);
  });
});
