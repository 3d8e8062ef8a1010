/** PUT /api/admin/store-pages/{slug}: a store page's new Markdown; visitors see it on their next visit. */
import type { StorePage, StorePageSlug } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { storePageKeys } from '../../store-pages';
import { adminStorePagesKey } from './get-admin-store-pages';
import { useAdminMutation } from './admin-queries';

export function saveStorePage({ slug, body }: { slug: StorePageSlug; body: string }): Promise<StorePage> {
  return api<StorePage>(`/api/admin/store-pages/${slug}`, { method: 'PUT', body: { body } });
}

export function useSaveStorePage() {
  return useAdminMutation(saveStorePage, {
    keep: (queryClient, page) => queryClient.setQueryData(storePageKeys.page(page.slug), page),
    stale: [adminStorePagesKey],
  });
}
