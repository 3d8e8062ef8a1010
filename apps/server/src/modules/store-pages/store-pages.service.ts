/** The store's own pages: Markdown the admin edits, read by everyone (docs/product/store-pages.md). */
import { eq } from 'drizzle-orm';
import { storePageTitles, type StorePage, type StorePageSlug } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { storePages, type StorePageRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';

const view = (row: StorePageRow): StorePage => ({
  slug: row.slug as StorePageSlug,
  title: storePageTitles[row.slug as StorePageSlug],
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

export async function readStorePage(deps: Pick<Deps, 'db'>, slug: StorePageSlug): Promise<StorePage> {
  const [row] = await deps.db.select().from(storePages).where(eq(storePages.slug, slug));
  if (!row) throw notFound(`The ${storePageTitles[slug]} page has not been written yet.`);
  return view(row);
}

export async function listStorePages(deps: Pick<Deps, 'db'>): Promise<StorePage[]> {
  const rows = await deps.db.select().from(storePages);
  const order = Object.keys(storePageTitles);
  return rows.map(view).sort((a, b) => order.indexOf(a.slug) - order.indexOf(b.slug));
}

/** Stores the page's Markdown as it was written (the length rule is checked by the request schema and the table). */
export async function saveStorePage(deps: Pick<Deps, 'db' | 'clock'>, actor: AuditActor, slug: StorePageSlug, body: string): Promise<StorePage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(storePages).where(eq(storePages.slug, slug)).for('update');
    const [row] = await tx
      .insert(storePages)
      .values({ slug, body, updatedAt: now })
      .onConflictDoUpdate({ target: storePages.slug, set: { body, updatedAt: now } })
      .returning();
    await recordAudit(tx, actor, now, {
      action: 'store.page',
      targetType: 'store',
      targetId: null,
      before: before ? { title: storePageTitles[slug], characters: before.body.length } : null,
      after: { title: storePageTitles[slug], characters: body.length },
    });
    return view(row!);
  });
}
