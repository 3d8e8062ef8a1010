/** The store's pages: everyone reads them, admins write them as Markdown text (docs/product/store-pages.md). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_PAGE_MAX_CHARS, storePageSlugs } from '@beat/shared';
import { auditLog, storePages } from '../../db/schema.js';
import { adminAndMemberTokens, authed, fileTestApp } from '../../test/helper.js';

const t = fileTestApp();
const tokens = adminAndMemberTokens(t);

const save = (token: string | null, slug: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/store-pages/${slug}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('reading a store page', () => {
  it('answers each of the five pages to a visitor, with the texts the store starts with', async () => {
    for (const slug of storePageSlugs) {
      const res = await t.app.inject({ method: 'GET', url: `/api/store-pages/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().slug).toBe(slug);
      expect(res.json().body.length).toBeGreaterThan(200);
    }
    const refunds = (await t.app.inject({ method: 'GET', url: '/api/store-pages/refund-policy' })).json();
    expect(refunds.title).toBe('Refund Policy');
    expect(refunds.body).toContain('14 days');
  });

  it('answers 304 while the page is unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/store-pages/about' });
    const again = await t.app.inject({ method: 'GET', url: '/api/store-pages/about', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a page that does not exist with a 400 that names the pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store-pages/contact' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('refund-policy');
  });
});

describe('editing a store page', () => {
  it('stores the Markdown exactly as written, raw HTML included, and every reader gets the new text', async () => {
    const body = '## Shipping?\n\nNone: files are **digital**.\n\n<script>alert(1)</script>\n';
    const before = (await t.app.inject({ method: 'GET', url: '/api/store-pages/faq' })).headers.etag;
    const res = await save(tokens.admin, 'faq', { body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'faq', title: 'FAQ', body });
    const [row] = await t.deps.db.select().from(storePages).where(eq(storePages.slug, 'faq'));
    expect(row!.body).toBe(body);
    const read = await t.app.inject({ method: 'GET', url: '/api/store-pages/faq', headers: { 'if-none-match': before as string } });
    expect(read.statusCode).toBe(200);
    expect(read.json().body).toBe(body);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'store.page'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses an empty page, a page too long and a body that is not text, with readable messages', async () => {
    const empty = await save(tokens.admin, 'terms', { body: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('cannot be empty');
    const long = await save(tokens.admin, 'terms', { body: 'a'.repeat(STORE_PAGE_MAX_CHARS + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 20,000 characters');
    const notText = await save(tokens.admin, 'terms', { body: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toContain('Markdown');
    const nul = await save(tokens.admin, 'terms', { body: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const unknown = await save(tokens.admin, 'contact', { body: 'Hello' });
    expect(unknown.statusCode).toBe(400);
    const [terms] = await t.deps.db.select().from(storePages).where(eq(storePages.slug, 'terms'));
    expect(terms!.body).toContain('Licenses');
  });

  it('takes a page of exactly the longest length', async () => {
    const res = await save(tokens.admin, 'about', { body: 'é'.repeat(STORE_PAGE_MAX_CHARS) });
    expect(res.statusCode).toBe(200);
  });

  it('is for admins only: 401 for a visitor, 403 for a signed-in user', async () => {
    expect((await save(null, 'privacy', { body: 'Nothing' })).statusCode).toBe(401);
    expect((await save(tokens.member, 'privacy', { body: 'Nothing' })).statusCode).toBe(403);
    expect((await t.app.inject(authed(tokens.member, { method: 'GET', url: '/api/admin/store-pages' }))).statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(storePages).where(eq(storePages.slug, 'privacy'));
    expect(row!.body).not.toBe('Nothing');
  });

  it('lists the five pages, in the menu order, for the admin', async () => {
    const res = await t.app.inject(authed(tokens.admin, { method: 'GET', url: '/api/admin/store-pages' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().pages.map((p: { slug: string }) => p.slug)).toEqual([...storePageSlugs]);
  });
});
