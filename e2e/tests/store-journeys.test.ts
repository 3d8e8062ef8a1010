/**
 * Journeys of a buyer and an admin through the store, as a person walks them: a name changed without a picture, an
 * invitation that carries the invitee's name, one session shared by the tabs of a browser, visitors brought back to
 * where they were, a cart that buys its whole list until the buyer selects, no refused calls while a password change is required, the Add New Beat
 * form's first submit, and a signed-in caller's page that knows them from its first render.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AuthResponse, Beat, BeatPage } from '@beat/shared';
import { apiLogin, createAccount, demo, DEMO_PASSWORD, signIn } from '../support/accounts.js';
import { auditContext, auditViewports, baseURL, hydrated, mobile, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { api } from '../support/api.js';
import { axeFindings } from '../support/axe.js';
import { mailTo } from '../support/outbox.js';
import { auditPageWithCart, fileBrowser } from '../support/suite.js';
import { seeTexts } from '../support/steps.js';

const browser = fileBrowser();

const unique = () => randomBytes(3).toString('hex');

async function openPage(session?: AuthResponse, viewport?: Viewport): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (session) await signIn(page, session);
  return { page, context, errors };
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // A client-side move keeps the page before on screen until the login page's code has loaded (the signup page has
  // an Email field too): the login form is there once its Login button is.
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Beats of the VIP catalog with a lease price, from the middle of the list (other files take from its ends). */
async function leaseBeats(n: number, offset: number): Promise<Beat[]> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  const priced = beats.filter((b) => b.price !== null);
  return priced.slice(40 + offset, 40 + offset + n);
}

/**
 * Fails every request of the browser for the signed-in user: a page rendered for its caller already knows them, so a
 * press works at once without it.
 */
async function noUserRequest(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/me', async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 503, body: '{"message":"held"}', contentType: 'application/json' });
  });
  return asked;
}

/** `account`'s page at `path`, rendered for it, with what it asked of the API for its user (noUserRequest). */
async function openAsking(account: AuthResponse, path: string): Promise<{ page: Page; errors: string[]; asked: string[] }> {
  const { page, errors } = await openPage(account);
  const asked = await noUserRequest(page);
  await page.goto(path);
  return { page, errors, asked };
}

describe('account settings', () => {
  it('changes name and username without a picture; a chosen replacement without a file says the picture is required', async () => {
    const account = await createAccount('noface');
    const { page, errors } = await openPage(account);
    await page.goto('/account-setting');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Name', { exact: true }).fill('Eve Fixed-Typo');
    const username = `eve_${unique()}`;
    await form.getByLabel('Username').fill(username);
    await form.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Info Updated').waitFor();
    expect(await page.getByText('Profile Picture is required').count()).toBe(0);
    const me = await api<{ user: { fullName: string; username: string; profileImage: string | null } }>('/api/getuser', account.token, {
      method: 'POST',
      body: { email: account.user.email },
    });
    expect(me.user).toMatchObject({ fullName: 'Eve Fixed-Typo', username, profileImage: null });

    // The user chooses to add a picture, gives no file, and submits: the product's message, and nothing is saved.
    const chooser = page.waitForEvent('filechooser');
    await form.getByText('Upload picture').click();
    await chooser;
    await form.getByLabel('Name', { exact: true }).fill('Eve Not Saved');
    await form.getByRole('button', { name: 'Update' }).click();
    await form.getByRole('alert').getByText('Profile Picture is required').waitFor();
    // Changing their mind, they save without a picture.
    await form.getByRole('button', { name: 'No picture for now' }).click();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect.poll(async () => (await api<{ user: { fullName: string } }>('/api/getuser', account.token, { method: 'POST', body: { email: account.user.email } })).user.fullName).toBe('Eve Not Saved');
    expect(await form.getByText('Profile Picture is required').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('invitations', () => {
  it('the invite form asks for the name, and the invitee is called by it — and is never refused a call while their password must change', async () => {
    const adminContext = await auditContext(browser());
    const admin = { page: await adminContext.newPage(), errors: [] as string[] };
    admin.errors = watchErrors(admin.page);
    await signIn(admin.page, await apiLogin(demo.admin));
    const email = `inv${Date.now()}@example.test`;
    await admin.page.goto('/admin/user-management');
    await admin.page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(await axeFindings(admin.page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name', { exact: true }).fill('Imani Okafor');
    await dialog.getByLabel('Credits', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await admin.page.getByText(`Invitation sent to ${email}`).waitFor();
    await admin.page.getByRole('row').filter({ hasText: email }).getByText('Imani Okafor').waitFor();
    expect(admin.errors).toEqual([]);
    await adminContext.close();

    const mail = await mailTo(email);
    expect(mail.text).toContain('Hi Imani Okafor,');
    const password = /Temporary password: (\S+)/.exec(mail.text)![1]!;

    // The invitee must change the password first: while that is pending, no page asks for what the server refuses.
    const invitee = await openPage();
    const refused: string[] = [];
    invitee.page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await invitee.page.goto('/login');
    await logIn(invitee.page, email, password);
    await invitee.page.waitForURL('**/account-setting');
    await invitee.page.getByText('Please change your password to access the system.').waitFor();
    for (const path of ['/', '/vip', '/cart', '/favourite', '/exclusives', '/user-dashboard']) {
      await invitee.page.goto(path);
      await invitee.page.waitForURL('**/account-setting');
      await invitee.page.getByRole('form', { name: 'Change password' }).waitFor();
      await invitee.page.waitForLoadState('networkidle');
    }
    // In-app navigation too: the side menu's links.
    for (const link of ['VIP Catalog', 'Exclusives', 'Beats']) {
      await invitee.page.getByRole('link', { name: link, exact: true }).first().click();
      await invitee.page.getByRole('form', { name: 'Change password' }).waitFor();
      await invitee.page.waitForLoadState('networkidle');
    }
    // The account pages greet the invitee by the name the admin gave.
    await invitee.page.getByText('Imani Okafor').first().waitFor();
    expect(refused).toEqual([]);
    expect(invitee.errors).toEqual([]);
  });
});

describe('sessions without Remember me', () => {
  it('are shared by the tabs of the browser, end in every tab at a logout, and do not outlive the browser', async () => {
    const account = await createAccount('tabs');
    const { page, context } = await openPage();
    await page.goto('/login');
    await logIn(page, account.user.email, account.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Your account' }).waitFor();

    // A link opened in a new tab stays logged in.
    const tab = await context.newPage();
    await tab.goto('/favourite');
    await tab.getByRole('heading', { name: 'Favourites' }).first().waitFor();
    await tab.getByRole('link', { name: 'Your account' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/favourite');

    // Logging out in the new tab logs the first one out at once, without a reload.
    await tab.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await tab.getByText('Logged out Successfully').waitFor();
    await page.getByRole('link', { name: 'Signup/Login' }).waitFor();
    expect(await page.getByRole('link', { name: 'Your account' }).count()).toBe(0);

    // Logging in again in one tab reaches the other.
    await page.goto('/login');
    await logIn(page, account.user.email, account.password);
    await page.waitForURL((url) => url.pathname === '/');
    await tab.getByRole('link', { name: 'Your account' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'bm_session');
    expect(cookie?.expires).toBe(-1); // a browser-session cookie: the browser drops it when it closes
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Every tab closed: a browser started anew (a fresh context keeps no session cookie) is logged out.
    const storage = await context.storageState();
    await context.close();
    const reopened = await browser().newContext({
      baseURL: baseURL(),
      storageState: { cookies: storage.cookies.filter((c) => c.expires !== -1), origins: storage.origins },
    });
    const after = await reopened.newPage();
    await after.goto('/favourite');
    await after.waitForURL((url) => url.pathname === '/login');
    await after.getByRole('link', { name: 'Signup/Login' }).waitFor();
    await reopened.close();
  });
});

describe('visitors keep their place', () => {
  it('GET ACCESS on /vip signs up and comes back to /vip', async () => {
    const { page, errors } = await openPage();
    await page.goto('/vip');
    await page.getByRole('link', { name: 'GET ACCESS' }).click();
    await page.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('returnUrl') === '/vip');
    await page.getByLabel('Full Name').fill('Vera Visitor');
    await page.getByLabel('Email').fill(`vera-${unique()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((u) => u.pathname === '/vip');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("the top bar's Signup/Login carries the page (with its search), and logging in from there comes back", async () => {
    const account = await createAccount('topbar');
    const { page, errors } = await openPage();
    await page.goto('/exclusives?q=a');
    await page.getByRole('link', { name: 'Signup/Login' }).click();
    await page.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('returnUrl') === '/exclusives?q=a');
    await hydrated(page);
    // The signup page's own Signup/Login keeps the same place, and so does its "Log in" link.
    expect(new URL((await page.getByRole('link', { name: 'Signup/Login' }).getAttribute('href'))!, baseURL()).searchParams.get('returnUrl')).toBe('/exclusives?q=a');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnUrl') === '/exclusives?q=a');
    await hydrated(page);
    await logIn(page, account.user.email, account.password);
    await page.waitForURL((u) => u.pathname === '/exclusives' && u.searchParams.get('q') === 'a');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the cart', () => {
  it('sums the whole list until something is selected, so Pay Now goes to payment; a selection narrows it', async () => {
    const account = await createAccount('preselect');
    const beats = await leaseBeats(2, 0);
    for (const beat of beats) await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id } });
    const { page, errors } = await openPage(account);
    await page.goto('/cart');
    const list = page.getByRole('list', { name: 'Beats' });
    await list.getByText(beats[1]!.beatTitle).waitFor();
    const total = beats.reduce((sum, b) => sum + b.price!, 0);
    const summary = page.getByRole('complementary', { name: /Order Summary/ }).first();
    await summary.getByText(`${beats[0]!.beatTitle} and 1 more`).waitFor();
    await summary.getByText('All 2 items. Select items to buy only some of them.').waitFor();
    await summary.getByText(`$${total.toFixed(2)}`).first().waitFor();
    expect(await page.getByLabel('Select all beats').isChecked()).toBe(false);

    // Selecting one narrows the summary to it, as its checkbox shows; the second joins it.
    await list.getByText(beats[1]!.beatTitle).click();
    expect(await list.getByRole('checkbox', { name: new RegExp(beats[1]!.beatTitle) }).isChecked()).toBe(true);
    await summary.getByText(beats[1]!.beatTitle, { exact: true }).waitFor();
    await summary.getByText(`$${beats[1]!.price!.toFixed(2)}`).first().waitFor();
    expect(await summary.getByText(/^All 2 items/).count()).toBe(0);
    await list.getByRole('checkbox', { name: new RegExp(beats[0]!.beatTitle) }).check();
    await summary.getByText(`${beats[0]!.beatTitle} and 1 more`).waitFor();

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    await page.getByText(`$${total.toFixed(2)}`).first().waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the Add New Beat form', () => {
  it('flags the missing audio file (an MP3 or a WAV) with the other fields on the first submit, and says an empty category is required', async () => {
    const { page } = await openPage(await apiLogin(demo.admin));
    await page.goto('/admin/beats-management');
    await page.getByRole('button', { name: 'Add New Beats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Beat' });
    await dialog.getByRole('button', { name: 'Add Beat' }).click();
    await seeTexts(dialog, 'Beat Title is required', 'Category is required', 'An MP3 or a WAV file is required.');
    expect(await dialog.getByText(/Category must be one of/).count()).toBe(0);
  });
});

describe('a page rendered for its signed-in caller', () => {
  it('knows the user at once: a download button pressed right away opens the pop-up', async () => {
    const account = await createAccount('early-dl');
    const { page, errors, asked } = await openAsking(account, '/');
    const button = page.getByRole('button', { name: /^Download / }).first();
    await button.click();
    await page.getByRole('dialog').waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('knows the user at once: a favourite heart pressed right away favourites the beat', async () => {
    const account = await createAccount('early-fav');
    const { page, errors, asked } = await openAsking(account, '/');
    const heart = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
    const name = (await heart.getAttribute('aria-label'))!;
    const title = /^Add (.+) to favourites$/.exec(name)![1]!;
    await heart.click();
    await page.getByRole('button', { name: `Remove ${title} from favourites` }).first().waitFor();
    await expect
      .poll(async () => (await api<{ beats: Beat[] }>(`/api/favorites/${account.user._id}`, account.token)).beats.map((b) => b.beatTitle))
      .toContain(title);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("knows the user at once: a catalog row's Add to Cart pressed right away adds the beat", async () => {
    const account = await createAccount('early-cart');
    const { page, errors, asked } = await openAsking(account, '/');
    const vip = page.getByRole('list', { name: 'VIP CATALOG' });
    const add = vip.getByRole('button', { name: /^Add to Cart/ }).first();
    await add.waitFor();
    await add.click();
    await page.getByText(/ Added to Cart$/).first().waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("knows the user at once: an exclusive card's Buy pressed right away opens the checkout", async () => {
    const account = await createAccount('early-buy');
    // An exclusive no other test reserves: a third of the way down the list.
    const { beats } = await api<BeatPage>('/api/beats?type=Exclusive&limit=100');
    const beat = beats[Math.floor(beats.length / 3)]!;
    const { page, errors, asked } = await openAsking(account, `/exclusives?q=${encodeURIComponent(beat.beatTitle)}`);
    const card = page.getByRole('article', { name: beat.beatTitle });
    await card.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    await page.getByText(beat.beatTitle).first().waitFor();
    // Cancelling the test checkout frees the exclusive again.
    await page.getByRole('link', { name: /Cancel/ }).first().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/test-checkout/'));
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('screens', () => {
  it.each(auditViewports)('account settings and the cart have no serious or critical axe findings (%s)', async (_name, viewport) => {
    const [beat] = await leaseBeats(1, viewport === mobile ? 5 : 6);
    const { context, page } = await auditPageWithCart(browser(), 'journeys-axe', beat!, viewport);
    await page.goto('/account-setting');
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Upload picture').click();
    await chooser;
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('form', { name: 'Profile' }).getByRole('alert').getByText('Profile Picture is required').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.goto('/cart');
    await page.getByRole('list', { name: 'Beats' }).getByText(beat!.beatTitle).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});
