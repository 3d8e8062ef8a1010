/**
 * The store's pages and the /vip intro video (docs/product/store-pages.md), as visitors and the admin use them:
 * the side menu's footer opens each page; the admin's Markdown reaches visitors, with raw HTML shown as text and
 * unsafe links dropped; /vip plays the store's rendered video from a real <video> that loads nothing until asked.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { IntroVideo, StorePage } from '@beat/shared';
import { apiLogin, demo, signIn } from '../support/accounts.js';
import { baseURL, launchBrowser, newContext, takeCspViolations, watchErrors, type Viewport } from '../support/browser.js';
import { axeFindingsAt } from '../support/axe.js';


/** The store renders its own video in the background after the first start; on a small machine that can take a while. */
const VIDEO_TIMEOUT_MS = 180_000;

const pages = [
  { slug: 'about', title: 'About' },
  { slug: 'faq', title: 'FAQ' },
  { slug: 'terms', title: 'Terms of Service' },
  { slug: 'privacy', title: 'Privacy Policy' },
  { slug: 'refund-policy', title: 'Refund Policy' },
] as const;

let browser: Browser;
let adminToken: string;
let originalFaq: string;

async function readPage(slug: string): Promise<StorePage> {
  const res = await fetch(`${baseURL()}/api/store-pages/${slug}`);
  expect(res.status).toBe(200);
  return (await res.json()) as StorePage;
}

async function introVideo(): Promise<IntroVideo> {
  return (await (await fetch(`${baseURL()}/api/intro-video`)).json()) as IntroVideo;
}

function waitForIntroVideo(): Promise<IntroVideo> {
  return vi.waitFor(
    async () => {
      const intro = await introVideo();
      if (!intro.video) throw new Error(`no intro video yet: ${JSON.stringify(intro)}`);
      return intro;
    },
    { timeout: VIDEO_TIMEOUT_MS, interval: 1000 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin(demo.admin)).token;
  originalFaq = (await readPage('faq')).body;
});

afterAll(async () => {
  await browser?.close();
  // Other files see the FAQ the store started with.
  await fetch(`${baseURL()}/api/admin/store-pages/faq`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: originalFaq }),
  });
});

const auditPage = (path: string, ready: (page: Page) => Promise<void>, viewport?: Viewport) => axeFindingsAt(browser, path, ready, { viewport });

describe('store pages', () => {
  it('are linked in the side menu footer, and each link opens its page with its heading and text', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    // The first screen is prerendered: wait for the app to take over before clicking in-app.
    await page.getByRole('button', { name: 'Genre' }).and(page.locator(':enabled')).first().waitFor();
    const footer = page.getByRole('navigation', { name: 'Store pages' });
    for (const { slug, title } of pages) {
      await footer.getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/pages/${slug}`);
      await page.locator('.markdown h2').first().waitFor();
      expect(await footer.getByRole('link', { name: title, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    expect(await page.getByText('Exclusives are final once delivered').count()).toBe(1);
    // The original About placeholder (docs/product/store-pages.md) is still at its address, though the menu links the store's About (app/layout/side-menu.test.tsx).
    await page.goto('/about');
    await page.getByRole('heading', { name: 'Coming Soon' }).waitFor();
    expect(errors).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the FAQ the admin writes to every visitor, with HTML as text and unsafe links dropped', async () => {
    const stamp = `Do you ship vinyl ${Date.now()}?`;
    const markdown = [
      `## ${stamp}`,
      '',
      'No: every beat is a **digital** file. See the [Refund Policy](/pages/refund-policy).',
      '',
      '<script>window.__storePagePwned = true</script>',
      '',
      '<img src=x onerror="window.__storePagePwned = true">',
      '',
      '[Click me](javascript:window.__storePagePwned=true)',
    ].join('\n');

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await signIn(admin, await apiLogin(demo.admin));
    await admin.goto('/admin/store-settings');
    await admin.getByRole('tab', { name: 'FAQ' }).click();
    const editor = admin.getByLabel('FAQ (Markdown)');
    await editor.fill(markdown);
    // The preview follows the text as it is typed, drawn the same safe way.
    await admin.getByRole('region', { name: 'Preview of FAQ' }).getByRole('heading', { name: stamp }).waitFor();
    await admin.getByRole('button', { name: 'Save FAQ' }).click();
    await admin.getByText('FAQ saved. Visitors see it now.').waitFor();
    expect((await readPage('faq')).body).toBe(markdown);
    expect(adminErrors).toEqual([]);
    await adminContext.close();

    const context = await newContext(browser);
    const visitor = await context.newPage();
    const errors = watchErrors(visitor);
    await visitor.goto('/pages/faq');
    await visitor.getByRole('heading', { level: 2, name: stamp }).waitFor();
    const body = visitor.locator('.markdown');
    expect(await body.getByText('<script>window.__storePagePwned = true</script>').count()).toBe(1);
    expect(await body.locator('script, img').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as unknown as { __storePagePwned?: boolean }).__storePagePwned)).toBeUndefined();
    // The javascript: link is text, not a link; the store's own link stays one and opens in the app.
    expect(await body.getByRole('link', { name: 'Click me' }).count()).toBe(0);
    expect(await body.getByText('Click me').count()).toBe(1);
    await body.getByRole('link', { name: 'Refund Policy' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    expect(errors).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  }, 60_000);

  it('has no serious or critical axe findings on a store page', async () => {
    const findings = await auditPage('/pages/privacy', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      await page.locator('.markdown h2').first().waitFor();
    });
    expect(findings).toEqual([]);
  }, 60_000);
});

describe('the /vip intro video', () => {
  it('is a real video that loads nothing until asked and answers in ranges with a video type', async () => {
    const intro = await waitForIntroVideo();
    expect(intro.generated).toBe(true);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/vip');
    const video = page.locator('figure video');
    await video.waitFor();
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('autoplay')).toBeNull();
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const poster = await video.getAttribute('poster');
    expect(poster).toBeTruthy();
    expect(await page.getByText('(coming soon)').count()).toBe(0);

    const src = await page.locator('figure video source').getAttribute('src');
    const ranged = await fetch(`${baseURL()}${src}`, { headers: { range: 'bytes=0-1023' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toMatch(/^video\/(mp4|webm)$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1024);
    const whole = await fetch(`${baseURL()}${src}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toMatch(/^video\/(mp4|webm)$/);
    const image = await fetch(`${baseURL()}${poster}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // The browser can play it: asked to, it loads the metadata and knows its length.
    const seconds = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
          v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
          v.preload = 'metadata';
          v.load();
        }),
    );
    expect(seconds).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  }, VIDEO_TIMEOUT_MS + 60_000);

  it('has no serious or critical axe findings on /vip', async () => {
    await waitForIntroVideo();
    const findings = await auditPage('/vip', async (page) => {
      await page.locator('figure video').waitFor();
      await page.getByRole('heading', { name: 'Beats included' }).waitFor();
    });
    expect(findings).toEqual([]);
  }, 60_000);
});
